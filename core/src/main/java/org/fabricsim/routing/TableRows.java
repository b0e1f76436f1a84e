package org.fabricsim.routing;

import java.util.function.IntPredicate;

/**
 * Stored forwarding-table rows: one {@code short} per (held switch, host), the held switches' rows one after
 * another, and per switch where its row starts. Whole tables hold every row (offset (switch - hosts) × hosts, as
 * before issue 16); a logical process of a partitioned run holds only its own switches' (docs/DISTRIBUTED.md,
 * "What each LP holds"), the others' offsets being {@link #NOT_HELD}.
 *
 * <p>The offset array replaces the multiplication of the whole table's lookup by one load from an array of
 * switches' ints, which stays in cache (measured as fast: docs/BENCHMARKS.md, "Forwarding tables that scale").
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

    /** Every switch's row of a switch-major table of {@code switches × hosts} entries. */
    static TableRows whole(int hosts, int switches, short[] table) {
        int[] start = new int[switches];
        for (int s = 0; s < switches; s++) {
            start[s] = s * hosts; // the table's size was checked against the int limit
        }
        return new TableRows(hosts, table, start);
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

    /** The rows of the switches {@code held} accepts, copied from {@code from} (which holds them). */
    static TableRows keep(TableRows from, IntPredicate held) {
        TableRows rows = empty(from.hosts, from.rowStart.length, held);
        for (int s = 0; s < rows.rowStart.length; s++) {
            if (rows.rowStart[s] != NOT_HELD) {
                if (from.rowStart[s] == NOT_HELD) {
                    throw new IllegalArgumentException("switch " + (from.hosts + s) + "'s row is not held");
                }
                System.arraycopy(from.table, from.rowStart[s], rows.table, rows.rowStart[s], from.hosts);
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
