package org.fabricsim.ib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.fabricsim.engine.Time;
import org.fabricsim.ib.run.PacketSimulation;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.Routings;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;
import org.fabricsim.traffic.FlowSet;
import org.junit.jupiter.api.Test;

/** Start and stop times, chained flows and fixed-rate injection at the HCA. */
class FlowScheduleTest {
    final Topology t = Topologies.resolve("fig1-1", 0, 0, null); // 10 Gbps, 10 ns cables
    final ForwardingTables lft = Routings.compute("auto", t, null);
    final PacketParams params = PacketParams.defaults();
    /** Wire time of one full packet at 10 Gbps. */
    final long packetPs = Time.serialisation(params.mtuBytes() + params.overheadBytes(), 10_000_000_000L);

    static final class FirstLast extends RateProbe {
        final long[] firstInjected;
        final long[] lastInjected;

        FirstLast(int flows, int overhead) {
            super(flows, overhead);
            firstInjected = new long[flows];
            lastInjected = new long[flows];
            Arrays.fill(firstInjected, Long.MAX_VALUE);
        }

        @Override
        public void delivered(long timePs, int flow, int dstHost, int b, long injectedPs, int seq) {
            super.delivered(timePs, flow, dstHost, b, injectedPs, seq);
            firstInjected[flow] = Math.min(firstInjected[flow], injectedPs);
            lastInjected[flow] = Math.max(lastInjected[flow], injectedPs);
        }
    }

    @Test
    void aFlowSendsOnlyBetweenItsStartAndStopAndItsSuccessorBeginsAtTheStop() {
        // flow 0: s1 -> d1 during [10 us, 60 us); flow 1 (same source) follows it, to d2, 3 packets
        FlowSet flows = FlowSet.of(new int[] {0, 0}, new int[] {6, 7});
        long start = 10 * Time.US;
        long stop = 60 * Time.US;
        FlowSchedule s = new FlowSchedule(flows, new long[] {start, 0}, new long[] {stop, FlowSchedule.NEVER},
                new long[] {0, 3 * 2048}, new long[] {0, 0}, new int[] {-1, 0});
        FirstLast probe = new FirstLast(2, params.overheadBytes());
        PacketSimulation sim = PacketSimulation.builder(t, lft, s).params(params).observer(probe).build();
        sim.runUntil(Time.MS);
        assertEquals(start, probe.firstInjected[0], "the first packet leaves at the start time");
        assertTrue(probe.lastInjected[0] < stop && probe.lastInjected[0] >= stop - packetPs,
                "line rate until the stop: last injection " + probe.lastInjected[0]);
        long packets = sim.sentBytes(0) / params.mtuBytes();
        assertEquals((stop - start + packetPs - 1) / packetPs, packets, "packets back to back at line rate");
        // the successor is ready at the stop; it starts when the host link is free again
        assertTrue(probe.firstInjected[1] >= stop && probe.firstInjected[1] <= probe.lastInjected[0] + packetPs,
                "successor starts at the stop: " + probe.firstInjected[1]);
        assertEquals(3 * 2048, sim.deliveredBytes(1));
        assertTrue(probe.completedPs(1) > 0);
        assertEquals(-1, probe.completedPs(0), "an unsized flow never completes");
    }

    @Test
    void messagesGoOneAfterAnotherEachSegmentedAndCompletedOnItsOwn() {
        long[][] sizes = {{5000, 1, 2048 * 3}, {100_000}};
        FlowSchedule s = FlowSchedule.messages(new int[] {0, 1}, new int[] {6, 6}, sizes, 5 * Time.US);
        FirstLast probe = new FirstLast(s.size(), params.overheadBytes());
        PacketSimulation sim = PacketSimulation.builder(t, lft, s).params(params).observer(probe).build();
        sim.runUntil(Time.MS);
        long[] flat = {5000, 1, 2048 * 3, 100_000};
        for (int f = 0; f < 4; f++) {
            assertEquals(flat[f], sim.deliveredBytes(f), "message " + f);
            assertTrue(probe.completedPs(f) > 0);
        }
        // 5000 B = 2048 + 2048 + 904: three packets; 1 B: one; 6144 B: three
        assertEquals(3 + 1 + 3 + (100_000 + 2047) / 2048, sim.deliveredPackets());
        assertEquals(5 * Time.US, probe.firstInjected[0]);
        assertTrue(probe.firstInjected[1] > probe.lastInjected[0], "message 2 after message 1");
        assertTrue(probe.firstInjected[2] > probe.lastInjected[1], "message 3 after message 2");
        assertTrue(probe.completedPs(0) < probe.completedPs(1) && probe.completedPs(1) < probe.completedPs(2));
    }

    @Test
    void aFixedRateFlowSpacesItsPacketsExactly() {
        FlowSet flows = FlowSet.of(new int[] {0}, new int[] {6});
        FlowSchedule s = FlowSchedule.always(flows);
        s.rateBps()[0] = 2_500_000_000L; // a quarter of the link
        RateProbe probe = new RateProbe(1, params.overheadBytes());
        PacketSimulation sim = PacketSimulation.builder(t, lft, s).params(params).observer(probe).build();
        sim.runUntil(100 * Time.US);
        probe.window(100 * Time.US, 2 * Time.MS);
        sim.runUntil(2 * Time.MS);
        // the rate counts wire bytes: payload rate = 2.5 Gbps x 2048/2179; tolerance one packet in the window
        double expected = 2.5e9 * 2048 / 2179;
        assertEquals(expected, probe.bps(0), 2179 * 8e12 / (1.9 * Time.MS));
    }

    @Test
    void aFixedRateStaysExactOverLongRuns() {
        // 3 Gbps for 2 simulated seconds: cumulative wire bits x 10^12 would overflow a long after ~1 s
        FlowSet flows = FlowSet.of(new int[] {0}, new int[] {6});
        FlowSchedule s = FlowSchedule.always(flows);
        s.rateBps()[0] = 3_000_000_000L;
        PacketSimulation sim = PacketSimulation.builder(t, lft, s).params(params).build();
        sim.runUntil(2 * Time.S);
        long packets = sim.sentBytes(0) / params.mtuBytes();
        // packet k (from 0) is ready at floor(k x 2179 x 8 / 3e9 s): within one packet of 2 s x 3 Gbps
        long expected = 2 * 3_000_000_000L / (2179 * 8) + 1;
        assertEquals(expected, packets, 1.0);
    }

    @Test
    void theHcaSendRateLimitsEveryFlowOfAHostTogether() {
        FlowSet flows = FlowSet.of(new int[] {0, 0}, new int[] {6, 7});
        PacketParams limited = params.withHcaRates(5_000_000_000L, 0);
        RateProbe probe = new RateProbe(2, limited.overheadBytes());
        PacketSimulation sim = PacketSimulation.builder(t, lft, FlowSchedule.always(flows)).params(limited)
                .observer(probe).build();
        sim.runUntil(100 * Time.US);
        probe.window(100 * Time.US, 2 * Time.MS);
        sim.runUntil(2 * Time.MS);
        double each = 2.5e9 * 2048 / 2179; // half of 5 Gbps of wire each, round-robin over the host's flows
        assertEquals(each, probe.bps(0), 0.01 * each);
        assertEquals(each, probe.bps(1), 0.01 * each);
    }
}
