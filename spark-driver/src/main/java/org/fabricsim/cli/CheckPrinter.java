package org.fabricsim.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.TableCheck;
import org.fabricsim.topology.Topology;

/**
 * Prints a {@link TableCheck} report for {@code fabricsim topology --check}: one line per finding (at most
 * {@link #LIMIT} of a kind, then how many more), then one summary line (docs/ROUTING.md, "--check").
 */
final class CheckPrinter {
    /** Exit status of {@code --check} when the tables are not clean (2 is bad input). */
    static final int NOT_CLEAN = 3;
    static final int LIMIT = 20;
    private static final int NAMED = 4;

    private CheckPrinter() {
    }

    /** Prints the report and returns the exit status: 0 when clean, {@link #NOT_CLEAN} otherwise. */
    static int print(ForwardingTables lft, TableCheck.Report r, PrintStream out) {
        Topology t = lft.topology();
        out.println("check " + lft.describe() + " on " + t.name() + ": " + t.hostCount() + " hosts, " + t.switchCount()
                + " switches, " + r.vls() + (r.vls() == 1 ? " VL" : " VLs"));
        List<String> lines = new ArrayList<>();
        long missingEntries = 0;
        for (TableCheck.Missing m : r.missing()) {
            missingEntries += m.hosts().length;
            lines.add("missing: switch " + t.nodeName(m.sw()) + " has no entry for " + m.hosts().length + " of "
                    + t.hostCount() + " hosts: " + named(t, m.hosts()));
        }
        limited(lines, "switches with missing entries", out);
        for (TableCheck.Loop l : r.loops()) {
            lines.add("loop: routes towards " + t.nodeName(l.host()) + " loop through " + t.nodeName(l.sw()));
        }
        limited(lines, "destinations with loops", out);
        if (!r.deadlockFree()) {
            for (int[] cycle : r.cycles()) {
                lines.add("cycle: " + cycle.length + " links: " + t.cycleName(cycle));
            }
            limited(lines, "cycles", out);
        }
        for (TableCheck.NonMinimal n : r.nonMinimal()) {
            lines.add("non-minimal: " + t.nodeName(n.src()) + " -> " + t.nodeName(n.dst()) + " takes " + n.links()
                    + " links, shortest " + n.shortest());
        }
        limited(lines, "non-minimal routes", out);
        out.println(summary(r, missingEntries));
        return r.clean() ? 0 : NOT_CLEAN;
    }

    private static String summary(TableCheck.Report r, long missingEntries) {
        String complete = r.complete() ? "complete"
                : "INCOMPLETE (" + missingEntries + " missing entries on " + r.missing().size() + " switches, "
                        + r.loops().size() + " destinations with loops, " + r.brokenRoutes() + " of " + r.routes()
                        + " routes do not arrive)";
        String deadlock;
        if (r.cycles().isEmpty()) {
            deadlock = "deadlock-free (no channel dependency cycle)";
        } else if (r.deadlockFree()) {
            deadlock = "deadlock-free with " + r.vls() + " VLs if routes to each destination use the VL of its layer ("
                    + r.cycles().size() + " channel dependency cycles; " + r.layers() + " layers by destination)";
        } else {
            deadlock = "MAY DEADLOCK (" + r.cycles().size() + " channel dependency cycles" + (r.vls() > 1
                    ? "; a layering by destination needs more than " + r.vls() + " VLs" : " with 1 VL") + ")";
        }
        long arriving = r.routes() - r.brokenRoutes();
        String minimal = r.minimal() ? "minimal" : "NOT MINIMAL (" + r.nonMinimal().size() + " of " + arriving
                + " routes longer than a shortest path)";
        return "check: " + (r.clean() ? "clean" : "NOT CLEAN") + ": " + complete + ", " + deadlock + ", " + minimal
                + "; " + arriving + " of " + r.routes() + " routes checked";
    }

    private static void limited(List<String> lines, String what, PrintStream out) {
        for (int i = 0; i < Math.min(LIMIT, lines.size()); i++) {
            out.println("  " + lines.get(i));
        }
        if (lines.size() > LIMIT) {
            out.println("  ... and " + (lines.size() - LIMIT) + " more " + what);
        }
        lines.clear();
    }

    private static String named(Topology t, int[] hosts) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < Math.min(NAMED, hosts.length); i++) {
            s.append(i == 0 ? "" : ", ").append(t.nodeName(hosts[i]));
        }
        return hosts.length > NAMED ? s + " and " + (hosts.length - NAMED) + " more" : s.toString();
    }
}
