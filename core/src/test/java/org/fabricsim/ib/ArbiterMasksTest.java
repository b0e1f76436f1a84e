package org.fabricsim.ib;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.engine.Time;
import org.fabricsim.ib.isolation.IsolationMechanisms;
import org.fabricsim.ib.isolation.IsolationParams;
import org.fabricsim.ib.run.PacketSimulation;
import org.fabricsim.ib.traffic.MessageTraffic;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.Routings;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.ForestParameters;
import org.fabricsim.traffic.HotspotForest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The arbiters look only at the inputs their masks name (issue 36): an input's bit per output and lane while its
 * normal queue's head is for that output, a switch's hot bit while an input's hot queues hold packets. Under
 * Paper VI's hotspot bursts with hot queues, on FIFO and VOQ switches, the masks agree with the queues at every
 * check (what {@code creditViolation} now also checks), and the check sees a bit set or cleared wrongly.
 */
class ArbiterMasksTest {

    /** Captures the network the mechanisms are built on. */
    static final class Capture extends DecisionPoints {
        PacketNetwork net;

        @Override
        public Routing routing(PacketNetwork n) {
            net = n;
            return super.routing(n);
        }
    }

    @ParameterizedTest
    @EnumSource(value = Queueing.class, names = {"VOQ", "FIFO"})
    void masksFollowTheQueuesAndTheCheckSeesABitGoneWrong(Queueing q) {
        Topology t = Topologies.resolve("kary-ntree(4,3)", 40_000_000_000L, 6 * Time.NS, null);
        ForwardingTables lft = Routings.compute("dmodk", t, null);
        HotspotForest forest = new HotspotForest(new ForestParameters(4, 0.0, 0.75, 1.0, 0), t.hostCount(), 3, 0);
        MessageTraffic m = new MessageTraffic(forest, 2048, 40_000_000_000L, true, 3, 100 * Time.US, 300 * Time.US,
                256 * 1024);
        PacketParams p = PacketParams.defaults().withMtu(2048, 26).withBuffers(128 * 1024, 128 * 1024)
                .withSwitch(q, q == Queueing.FIFO ? 1 : 0, Arbitration.ROUND_ROBIN);
        IsolationParams hfdi = new IsolationParams(2, true, 12 * 1024, 12 * 1024, 8 * 1024, 12 * 1024, 8 * 1024, 32,
                64, 1024);
        Capture capture = new Capture();
        PacketSimulation sim = PacketSimulation.builder(t, lft, m).params(p).seed(3)
                .mechanisms(new IsolationMechanisms(hfdi, capture, null, 3)).build();
        InputQueues queues = capture.net.queues();
        int heads = 0;
        int hotInputs = 0;
        for (long at = 20 * Time.US; at <= 400 * Time.US; at += 20 * Time.US + 7) {
            sim.runUntil(at);
            assertNull(sim.creditViolation(), q + " at " + at + " ps");
            for (long bits : queues.headMask) {
                heads += Long.bitCount(bits);
            }
            for (long bits : queues.hotInputs) {
                hotInputs += Long.bitCount(bits);
            }
        }
        assertTrue(heads > 0 && hotInputs > 0, "the checks saw queued heads (" + heads + ") and hot queues ("
                + hotInputs + ")");
        int switchPort = queues.headMask.length - 1; // the last slot x lane is a switch port's
        queues.headMask[switchPort] ^= 1L;
        assertNotNull(sim.creditViolation(), "a head bit flipped");
        queues.headMask[switchPort] ^= 1L;
        assertNull(sim.creditViolation());
        queues.hotInputs[queues.hotInputs.length - 1] ^= 1L;
        assertNotNull(sim.creditViolation(), "a hot bit flipped");
    }
}
