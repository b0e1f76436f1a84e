package org.fabricsim.routing;

import java.util.function.IntPredicate;

/**
 * Some switches' forwarding-table rows: one {@code short} per (held switch, host), the held switches' rows one
 * after another, and per switch where its row starts ({@link #NOT_HELD} for the others). What a logical process of
 * a partitioned run holds of stored tables: its own switches' rows (docs/DISTRIBUTED.md, "What each LP holds").
 * Whole tables stay a {@link WholeTable}, whose lookup needs no offset load.
 */
final class TableRows implements Forwarding {
    /** The offset of a row not held: any destination then indexes below 0 and fails loudly. */
    static final int NOT_HELD = Integer.MIN_VALUE;

    private final int hosts;
    private final short[] table;
    private final int[] rowStart;

    private TableRows(int hosts, short[] table, int[] rowStart) {
        this.hosts = hosts;
        this.table = table;
        this.rowStart = rowStart;
    }

    /** Room for the rows of the switches {@code held} accepts (by node id), every entry -1. */
    static TableRows empty(int hosts, int switches, IntPredicate held) {
        int[] start = new int[switches];
        long size = 0;
        for (int s = 0; s < switches; s++) {
            if (held.test(hosts + s)) {
                start[s] = (int) size;
                size += hosts;
                if (size > Integer.MAX_VALUE - 8) {
                    throw new org.fabricsim.InputException("forwarding-table rows for " + s + " switches x " + hosts
                            + " hosts do not fit in an array");
                }
            } else {
                start[s] = NOT_HELD;
            }
        }
        short[] table = new short[(int) size];
        java.util.Arrays.fill(table, (short) -1);
        return new TableRows(hosts, table, start);
    }

    /** The rows of the switches {@code held} accepts, copied from {@code from} (which must hold them). */
    static TableRows keep(Forwarding from, int hosts, int switches, IntPredicate held) {
        TableRows rows = empty(hosts, switches, held);
        for (int s = 0; s < switches; s++) {
            if (rows.rowStart[s] != NOT_HELD) {
                for (int d = 0; d < hosts; d++) {
                    rows.table[rows.rowStart[s] + d] = (short) from.port(hosts + s, d);
                }
            }
        }
        return rows;
    }

    @Override
    public int port(int switchNode, int dst) {
        return table[rowStart[switchNode - hosts] + dst];
    }

    void set(int switchNode, int dst, int port) {
        table[rowStart[switchNode - hosts] + dst] = (short) port;
    }

    boolean holds(int switchNode) {
        return rowStart[switchNode - hosts] != NOT_HELD;
    }

    /** The entries held (held rows × hosts). */
    long entries() {
        return table.length;
    }
}
