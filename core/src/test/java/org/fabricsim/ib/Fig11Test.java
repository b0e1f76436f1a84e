package org.fabricsim.ib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.fabricsim.engine.Time;
import org.fabricsim.ib.run.PacketSimulation;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.Routings;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;
import org.fabricsim.traffic.FlowSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Seed 003 Fig 1.1 (spec §1.6, V16): f1, f2 from s1, s2 to d1 and f3, f4 from s3, s4 to d2 cross sw1 -> sw2;
 * f5, f6 from s5, s6 go to d2 directly. With round-robin output arbitration and FIFO input buffers, sw2 -> d2
 * gives each of its three inputs 1/3, the sw1 -> sw2 buffer fills with d2-bound packets and blocks the
 * d1-bound ones: the victim link runs at 2/3, rates (1/6, 1/6, 1/6, 1/6, 1/3, 1/3).
 */
class Fig11Test {
    /** The thesis's switch (spec §1.3): input buffers, infinite speedup; round-robin "here only". */
    static final PacketParams PARAMS = PacketParams.defaults().withSwitch(Queueing.FIFO, 0, Arbitration.ROUND_ROBIN);

    final Topology topology = Topologies.resolve("fig1-1", 0, 0, null);
    final ForwardingTables tables = Routings.compute("auto", topology, null);
    final int[] src = {0, 1, 2, 3, 4, 5};
    final int[] dst = {6, 6, 7, 7, 7, 7};
    final FlowSet flows = FlowSet.of(src, dst);

    /** Payload rate of a full link (every packet an MTU). */
    double payloadBps() {
        return topology.bandwidthBps(topology.hostPort(0)) * (double) PARAMS.mtuBytes()
                / (PARAMS.mtuBytes() + PARAMS.overheadBytes());
    }

    @ParameterizedTest
    @EnumSource(value = Queueing.class, names = {"FIFO", "VOQ"}) // VOQnet removes the HoL blocking measured here (VoqNetTest)
    void victimLinkRunsAtTwoThirdsWithRates1over6And1over3(Queueing queueing) {
        PacketParams params = PARAMS.withSwitch(queueing, 0, Arbitration.ROUND_ROBIN);
        RateProbe probe = new RateProbe(flows.size(), PARAMS.overheadBytes());
        PacketSimulation sim = PacketSimulation.builder(topology, tables, FlowSchedule.always(flows)).params(params)
                .observer(probe).build();
        sim.runUntil(200 * Time.US); // warm-up: the sw2 input buffer fills
        probe.window(200 * Time.US, 2 * Time.MS);
        sim.runUntil(2 * Time.MS);
        double[] expected = {1 / 6.0, 1 / 6.0, 1 / 6.0, 1 / 6.0, 1 / 3.0, 1 / 3.0};
        double victim = 0;
        for (int f = 0; f < 6; f++) {
            double share = probe.bps(f) / payloadBps();
            // tolerance: 1 % of the link (packet granularity over ~1000 packets)
            assertEquals(expected[f], share, 0.01, "flow f" + (f + 1));
            if (f < 4) {
                victim += share;
            }
        }
        assertEquals(2 / 3.0, victim, 0.01, "sw1 -> sw2 carries 2/3");
        assertNull(sim.creditViolation());
    }

    @Test
    void equalFlowsCompleteAtFiveUnitsAgainstTheLowerBoundOfFour() {
        long unit = 400L * PARAMS.mtuBytes(); // one unit = 400 full packets
        RateProbe probe = new RateProbe(flows.size(), PARAMS.overheadBytes());
        PacketSimulation sim = PacketSimulation.builder(topology, tables, FlowSchedule.sized(flows, unit))
                .params(PARAMS).observer(probe).build();
        sim.runUntil(Time.S);
        double unitPs = unit * 8e12 / payloadBps();
        long last = 0;
        for (int f = 0; f < 6; f++) {
            assertEquals(unit, sim.deliveredBytes(f));
            last = Math.max(last, probe.completedPs(f));
        }
        // f5, f6 end at 3 units; the victim link then carries its remaining 2 units at full rate: 5 (bound 4).
        assertEquals(3.0, probe.completedPs(4) / unitPs, 0.05, "f5 completes at 3 units");
        assertEquals(5.0, last / unitPs, 0.05, "completion time in units (tolerance 1 %)");
        assertEquals(0, sim.packetsInFlight());
        assertNull(sim.creditViolation());
    }
}
