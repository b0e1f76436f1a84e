package org.fabricsim.ratecontrol;

import java.util.SplittableRandom;
import org.fabricsim.random.Seeds;
import org.fabricsim.routing.FlowRoutes;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSet;

/**
 * Seed 003's distributed rate protocols run as control packets on their own plane ({@link ControlPlane}, Table
 * 6.2's timing): every flow starts within {@code startJitterPs} of 0 (Fig 6.9: "approximately at t = 0"), and
 * the run goes on to {@code horizonPs}. Reported per flow: the rate it holds at the end (in link capacities),
 * its calculation time (when its rate last changed) and its control packets after every flow had entered up to
 * its final rate (§6.8).
 */
public final class RateProtocols {
    private RateProtocols() {
    }

    /** The protocols. */
    public enum Kind {
        /** Alg 4.1/4.2. */
        SAA("saa"),
        /** Alg 4.3/4.4. */
        SAA_M("saa-m"),
        /** Alg 4.8-4.11: the optimised DFFA* loop, restarted in rounds. */
        DFFA("dffa"),
        /** Alg 4.13/4.14: PAFA's two PIF waves per AFA iteration from a leader, restarted in rounds. */
        DAFA("dafa"),
        /**
         * DAFA by the thesis' own timing model (§6.5, spec §6.11), not as packets: two PIF waves per AFA
         * iteration, T = 2·I·h_max·(T_d + T_c), I counted on AFA's result ({@link RateProtocolsKernel}).
         */
        DAFA_MODEL("dafa-model");

        private final String key;

        Kind(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }

        public static Kind byKey(String key) {
            for (Kind k : values()) {
                if (k.key.equals(key)) {
                    return k;
                }
            }
            throw new IllegalArgumentException("unknown rate protocol '" + key + "' (saa, saa-m, dffa, dafa, dafa-model)");
        }
    }

    /**
     * @param timing the special packets' timing (Table 6.2)
     * @param probePeriodPs SAA / SAA-M: the pause between a flow's probes (AMBIG-20)
     * @param backoffPs SAA-M: a failed reservation waits uniformly in [0, backoffPs) before the next probe
     * @param startJitterPs flows start uniformly in [0, startJitterPs)
     * @param lateStartPs Fig 6.9's second experiment: one flow, drawn at random, starts here instead (0: none)
     * @param horizonPs the run ends here
     * @param epsilon capacities closer than this to 0 count as 0 (AMBIG-21/-22/-23)
     * @param aggregationExtraPs DAFA: a feedback's processing beyond a forward's (the thesis: T_c − T_d = 200 ns)
     */
    public record Options(ControlTiming timing, long probePeriodPs, long backoffPs, long startJitterPs,
            long lateStartPs, long horizonPs, double epsilon, long aggregationExtraPs)
            implements java.io.Serializable {
        public Options {
            if (probePeriodPs <= 0 || backoffPs < 0 || startJitterPs < 0 || lateStartPs < 0
                    || horizonPs <= Math.max(startJitterPs, lateStartPs) || !(epsilon >= 0)
                    || aggregationExtraPs < 0) {
                throw new IllegalArgumentException("rate protocol options out of range: " + probePeriodPs + ", "
                        + backoffPs + ", " + startJitterPs + ", " + lateStartPs + ", " + horizonPs + ", " + epsilon);
            }
        }

        /** With the thesis' aggregation time. */
        public Options(ControlTiming timing, long probePeriodPs, long backoffPs, long startJitterPs,
                long lateStartPs, long horizonPs, double epsilon) {
            this(timing, probePeriodPs, backoffPs, startJitterPs, lateStartPs, horizonPs, epsilon, 200_000);
        }

        /** All flows start together (within the jitter). */
        public Options(ControlTiming timing, long probePeriodPs, long backoffPs, long startJitterPs, long horizonPs,
                double epsilon) {
            this(timing, probePeriodPs, backoffPs, startJitterPs, 0, horizonPs, epsilon);
        }
    }

    /**
     * @param rate each flow's rate at the end, in link capacities
     * @param calculationPs when each flow's rate last changed
     * @param packetsToFinal each flow's control packets from the last start to its final rate (§6.8)
     * @param controlPackets all control packets the sources sent
     * @param controlHops their link crossings, both ways
     * @param broadcastHops round broadcasts' link crossings
     * @param lastStartPs when the last flow started
     * @param lateFlow the flow that started late, or -1
     * @param originPs DAFA: when the last round's trigger reached the leader (its calculation counts from there);
     *                 others 0
     * @param messageHops link crossings of element messages (DAFA's waves and trigger)
     * @param packetsToFinalAfterAnnounced SAA: each flow's control packets sent after every announcement had
     *                                     crossed its path, up to its final rate (§4.1.2's single probe); others 0
     * @param idleRoundTripMaxPs the largest round trip of a flow's control packet with no other about (§4.1.2's
     *                           propagation delay), over the flows with a path
     */
    public record Result(double[] rate, long[] calculationPs, int[] packetsToFinal, long controlPackets,
            long controlHops, long broadcastHops, long lastStartPs, int lateFlow, long originPs, long messageHops,
            int[] packetsToFinalAfterAnnounced, long idleRoundTripMaxPs) {
    }

    /**
     * Runs {@code kind} for {@code flows} on {@code paths} (their weights {@code flows.weight()}); control packets
     * return on the default paths of {@code lft}.
     */
    public static Result run(Kind kind, Topology t, ForwardingTables lft, FlowSet flows, FlowRoutes paths, Options o,
            long seed) {
        int n = flows.size();
        FlowRoutes back = FlowRoutes.of(t, lft, FlowSet.of(flows.dst(), flows.src()));
        ControlPlane plane = new ControlPlane(t, paths, back, flows.src(), o.timing());
        SplittableRandom[] random = new SplittableRandom[t.hostCount()];
        for (int h = 0; h < random.length; h++) {
            random[h] = Seeds.stream(seed, 0, h, Seeds.Purpose.FLUID);
        }
        long[] start = new long[n];
        long last = 0;
        for (int f = 0; f < n; f++) {
            start[f] = o.startJitterPs() == 0 ? 0 : random[flows.src()[f]].nextLong(o.startJitterPs());
            last = Math.max(last, start[f]);
        }
        int late = -1;
        if (o.lateStartPs() > 0 && n > 0) {
            late = Seeds.stream(seed, 1, 0, Seeds.Purpose.FLUID).nextInt(n);
            start[late] = o.lateStartPs();
            last = o.lateStartPs();
        }
        RateLog log = new RateLog(n, last);
        RateProtocol p = switch (kind) {
            case SAA -> new SaaProtocol(plane, flows.weight(), o.probePeriodPs(), log);
            case SAA_M -> new SaaMProtocol(plane, flows.weight(), o.probePeriodPs(), o.backoffPs(), o.epsilon(), random,
                    log);
            case DFFA -> new DffaProtocol(plane, flows.weight(), o.epsilon(), log);
            case DAFA -> new DafaProtocol(plane, flows, o.epsilon(), o.aggregationExtraPs(), log);
            case DAFA_MODEL -> throw new IllegalArgumentException("dafa-model is the thesis' formula, not packets");
        };
        plane.protocol(p);
        long idle = 0;
        for (int f = 0; f < n; f++) {
            if (paths.length(f) > 0) {
                plane.startAt(start[f], f);
                idle = Math.max(idle, plane.idleRoundTripPs(f));
            }
        }
        plane.runUntil(o.horizonPs());
        return new Result(log.rate, log.lastChangePs, log.packetsToFinal, plane.controlPackets(), plane.controlHops(),
                plane.broadcastHops(), last, late, p.originPs(), plane.messageHops(), log.packetsToFinalAfterAnnounced,
                idle);
    }
}
