package org.fabricsim.experiment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabricsim.config.Units;
import org.fabricsim.ib.run.Deadlock;
import org.fabricsim.topology.Topology;

/**
 * How a packet run reports a credit-loop deadlock (docs/OUTPUTS.md, "Exit status"; D211): the {@code deadlock}
 * object of {@code summary.json}, and the one line the command line prints before it exits with status 4. The
 * cycle is named as {@code topology --check} names channel dependency cycles, so that the two can be compared.
 */
final class DeadlockReport {
    /** {@code run.json}'s {@code outcome} of a run that reached its end time, and of one that deadlocked. */
    static final String FINISHED = "finished";
    static final String DEADLOCK = "deadlock";

    private DeadlockReport() {
    }

    /** {@code summary.json}'s {@code deadlock}: when, how many packets held, the cycle's links in order. */
    static Map<String, Object> summary(Deadlock d, Topology t) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("time_ps", d.timePs());
        m.put("packets", d.packets());
        List<String> ports = new ArrayList<>();
        for (int p : d.cycle()) {
            ports.add(t.linkName(p));
        }
        m.put("ports", ports);
        m.put("vl", d.lane() < 0 ? null : d.lane());
        return m;
    }

    /** The line, e.g. {@code deadlock at 1.2us: 10 packets held, credit cycle s0/1 -> ... -> s0/1 (routing minhop...)}. */
    static String line(Deadlock d, Topology t, String routing) {
        String held = "deadlock at " + Units.formatTime(d.timePs()) + ": " + d.packets() + " packet"
                + (d.packets() == 1 ? "" : "s") + " held";
        if (d.cycle().length == 0) {
            return held + ", waiting in no credit cycle (routing " + routing + ")";
        }
        return held + ", credit cycle " + d.describe(t) + " (routing " + routing
                + "; fabricsim topology --check lists its channel dependency cycles)";
    }
}
