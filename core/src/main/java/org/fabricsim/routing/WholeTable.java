package org.fabricsim.routing;

/**
 * A whole stored forwarding table: one {@code short} per (switch, host), switch-major, indexed by a multiplication
 * as before issue 16. Kept beside {@link TableRows} so that whole tables keep exactly the lookup they had: the row
 * offset's extra load measured 2.9 against 2.2 ns on tree4096 in one JMH run and the same 2.3 ns in a quieter one
 * (docs/BENCHMARKS.md, "Forwarding tables that scale").
 */
final class WholeTable implements Forwarding {
    private final int hosts;
    private final short[] table;

    WholeTable(int hosts, short[] table) {
        this.hosts = hosts;
        this.table = table;
    }

    @Override
    public int port(int switchNode, int dst) {
        return table[(switchNode - hosts) * hosts + dst];
    }

    long entries() {
        return table.length;
    }
}
