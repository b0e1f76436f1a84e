package org.fabricsim.ib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.fabricsim.engine.Time;
import org.fabricsim.ib.run.PacketSimulation;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.Routings;
import org.fabricsim.topology.Topology;
import org.fabricsim.topology.TopologyBuilder;
import org.fabricsim.traffic.FlowSchedule;
import org.fabricsim.traffic.FlowSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The parking lot (seed 004 §II-A, Fig. 1; digest A.7): red and blue merge at sw1, yellow joins at sw2, green
 * at sw3, all to one exit host. Every merge is a locally fair round-robin over input ports, so the shares of
 * the exit link are green 1/2, yellow 1/4, red 1/8, blue 1/8.
 */
class ParkingLotTest {
    static final long BPS = 100_000_000_000L;
    static final long LAT = 10 * Time.NS;

    @ParameterizedTest
    @EnumSource(Queueing.class)
    void chainOfRoundRobinMergesGivesHalfQuarterEighthEighth(Queueing queueing) {
        TopologyBuilder b = new TopologyBuilder("parking-lot");
        int red = b.addHost("red");
        int blue = b.addHost("blue");
        int yellow = b.addHost("yellow");
        int green = b.addHost("green");
        int exit = b.addHost("exit");
        int sw1 = b.addSwitch("sw1");
        int sw2 = b.addSwitch("sw2");
        int sw3 = b.addSwitch("sw3");
        b.connect(red, 0, sw1, 0, BPS, LAT);
        b.connect(blue, 0, sw1, 1, BPS, LAT);
        b.connect(sw1, 2, sw2, 0, BPS, LAT);
        b.connect(yellow, 0, sw2, 1, BPS, LAT);
        b.connect(sw2, 2, sw3, 0, BPS, LAT);
        b.connect(green, 0, sw3, 1, BPS, LAT);
        b.connect(sw3, 2, exit, 0, BPS, LAT);
        Topology t = b.build();
        ForwardingTables tables = Routings.compute("updown", t, null);
        FlowSet flows = FlowSet.of(new int[] {red, blue, yellow, green}, new int[] {exit, exit, exit, exit});
        PacketParams params = PacketParams.defaults().withSwitch(queueing, 1, Arbitration.ROUND_ROBIN);
        RateProbe probe = new RateProbe(flows.size(), params.overheadBytes());
        PacketSimulation sim = PacketSimulation.builder(t, tables, FlowSchedule.always(flows)).params(params)
                .observer(probe).build();
        sim.runUntil(20 * Time.US);
        probe.window(20 * Time.US, 400 * Time.US);
        sim.runUntil(400 * Time.US);
        double link = BPS * (double) params.mtuBytes() / (params.mtuBytes() + params.overheadBytes());
        double[] expected = {1 / 8.0, 1 / 8.0, 1 / 4.0, 1 / 2.0};
        String[] name = {"red", "blue", "yellow", "green"};
        for (int f = 0; f < 4; f++) {
            // tolerance: 1 % of the exit link (~2000 packets in the window)
            assertEquals(expected[f], probe.bps(f) / link, 0.01, name[f]);
        }
        assertNull(sim.creditViolation());
    }
}
