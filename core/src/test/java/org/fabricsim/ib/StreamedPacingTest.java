package org.fabricsim.ib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.engine.Time;
import org.fabricsim.ib.run.PacketSimulation;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.Routings;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;
import org.fabricsim.traffic.FlowSet;
import org.junit.jupiter.api.Test;

/**
 * {@code packet.flow-pacing = stream} (D232): a paced flow's source makes its bytes at the flow's rate, so a
 * packet's tail trails its head by its size at that rate and every output it cuts through is held until then —
 * as in seed 001's simulator, where the generator makes flits at the flow's rate and the output arbiter stays
 * with a packet until its last flit. On seed 003's Fig 1.1 network (10 Gbit/s links), s5 and s6 reach d2
 * through sw2 alone.
 */
class StreamedPacingTest {
    final Topology topology = Topologies.resolve("fig1-1", 0, 0, null);
    final ForwardingTables tables = Routings.compute("auto", topology, null);
    final PacketParams params = PacketParams.defaults();
    final long linkBps = topology.bandwidthBps(topology.hostPort(0));
    final int wire = params.mtuBytes() + params.overheadBytes();

    /** Each delivered packet's latency (delivery of its tail less its injection), smallest and largest. */
    static final class Latencies extends RateProbe {
        long min = Long.MAX_VALUE;
        long max;
        long packets;

        Latencies(int flows, int overhead) {
            super(flows, overhead);
        }

        @Override
        public void delivered(long timePs, int flow, int dstHost, int b, long injectedPs, int seq) {
            super.delivered(timePs, flow, dstHost, b, injectedPs, seq);
            min = Math.min(min, timePs - injectedPs);
            max = Math.max(max, timePs - injectedPs);
            packets++;
        }
    }

    private Latencies run(int[] src, long rateBps, boolean streamed, long bytes) {
        return run(src, rateBps, params.withStreamedPacing(streamed), bytes);
    }

    private Latencies run(int[] src, long rateBps, PacketParams p, long bytes) {
        int[] dst = new int[src.length];
        java.util.Arrays.fill(dst, topology.node("d2"));
        FlowSchedule s = FlowSchedule.sized(FlowSet.of(src, dst), bytes);
        java.util.Arrays.fill(s.rateBps(), rateBps);
        Latencies probe = new Latencies(src.length, params.overheadBytes());
        probe.window(0, 2 * Time.MS);
        PacketSimulation sim = PacketSimulation.builder(topology, tables, s)
                .params(p).observer(probe).build();
        sim.runUntil(2 * Time.MS);
        for (int f = 0; f < src.length; f++) {
            assertEquals(bytes, sim.deliveredBytes(f), "flow " + f + " delivers all its bytes");
        }
        assertEquals(0, sim.packetsInFlight());
        assertNull(sim.creditViolation());
        return probe;
    }

    @Test
    void aLoneStreamedPacketArrivesItsSizeAtTheFlowsRateAfterItsHeadLeft() {
        long rate = linkBps / 4;
        long bytes = 100L * params.mtuBytes();
        int[] src = {topology.node("s5")};
        Latencies whole = run(src, rate, false, bytes);
        Latencies streamed = run(src, rate, true, bytes);
        // alone on its path nothing queues: every packet takes the same time
        assertEquals(whole.min, whole.max);
        assertEquals(streamed.min, streamed.max);
        // a whole packet's tail follows its head by a line-rate serialisation, a streamed one's by its size at
        // the flow's rate; each hop adds the same latencies to both
        long trailing = Time.serialisation(wire, rate) - Time.serialisation(wire, linkBps);
        assertEquals(trailing, streamed.max - whole.max);
        assertEquals(100, streamed.packets);
    }

    @Test
    void aHostsSendRateMakesItsBytesToo() {
        // seed 002 Papers I-IV: hosts that inject at most 13.5 of 20 Gbit/s; the generator of their simulator
        // makes its flits at that rate, so an unpaced flow's packets stream at the host's send rate
        long send = linkBps / 2;
        long bytes = 100L * params.mtuBytes();
        int[] src = {topology.node("s5")};
        Latencies whole = run(src, 0, params.withHcaRates(send, 0), bytes);
        Latencies streamed = run(src, 0, params.withHcaRates(send, 0).withStreamedPacing(true), bytes);
        assertEquals(whole.min, whole.max);
        assertEquals(streamed.min, streamed.max);
        long trailing = Time.serialisation(wire, send) - Time.serialisation(wire, linkBps);
        assertEquals(trailing, streamed.max - whole.max);
    }

    @Test
    void streamedFlowsHoldTheirSharedOutputFromALineRateFlowThatWholePacketsLeaveItsShare() {
        // s5 and s6 at a fifth of the link each and s1 (through sw1) unpaced, all to d2: whole packets leave s1
        // the other 3/5 of sw2 -> d2; streamed ones hold that output while their bytes are made, so s1 gets less
        long bytes = 150L * params.mtuBytes(); // 1.3 ms at a fifth of 10 Gbit/s
        double[] whole = shares(false, bytes);
        double[] streamed = shares(true, bytes);
        for (int f = 0; f < 2; f++) { // the paced flows keep their rates either way (1 % of the link: packets)
            assertEquals(0.2, whole[f], 0.01, "whole, flow " + f);
            assertEquals(0.2, streamed[f], 0.01, "streamed, flow " + f);
        }
        assertEquals(0.6, whole[2], 0.02, "whole: s1 takes what the paced flows leave");
        // round-robin over three inputs that always hold a packet gives s1 one per round, and each round lasts
        // at least three line-rate packet times: s1 gets at most a third (0.6 if nothing held the output)
        assertTrue(streamed[2] < 1 / 3.0, "streamed: s1 at " + streamed[2] + " of the link");
    }

    private double[] shares(boolean streamed, long bytes) {
        int[] src = {topology.node("s5"), topology.node("s6"), topology.node("s1")};
        int[] dst = {topology.node("d2"), topology.node("d2"), topology.node("d2")};
        FlowSchedule s = FlowSchedule.sized(FlowSet.of(src, dst), bytes);
        s.rateBps()[0] = linkBps / 5;
        s.rateBps()[1] = linkBps / 5;
        s.bytes()[2] = 0; // s1 sends without end
        RateProbe probe = new RateProbe(3, params.overheadBytes());
        PacketSimulation sim = PacketSimulation.builder(topology, tables, s)
                .params(params.withStreamedPacing(streamed)).observer(probe).build();
        sim.runUntil(100 * Time.US);
        probe.window(100 * Time.US, Time.MS);
        sim.runUntil(Time.MS);
        assertNull(sim.creditViolation());
        double payload = linkBps * (double) params.mtuBytes() / wire;
        return new double[] {probe.bps(0) / payload, probe.bps(1) / payload, probe.bps(2) / payload};
    }
}
