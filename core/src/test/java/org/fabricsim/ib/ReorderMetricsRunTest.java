package org.fabricsim.ib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.fabricsim.engine.EventQueue;
import org.fabricsim.ib.ar.ArGroupMechanisms;
import org.fabricsim.ib.ar.ArGrouping;
import org.fabricsim.ib.ar.ArSelection;
import org.fabricsim.engine.LogicalProcess;
import org.fabricsim.io.Json;
import org.fabricsim.io.PacketMetricsFiles;
import org.fabricsim.stats.MetricsOptions;
import org.fabricsim.stats.PacketMetrics;
import org.fabricsim.stats.PermutationConvergence;
import org.fabricsim.traffic.FlowSchedule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Packet order and adaptations measured on the model itself (issue 12 §3): static routes keep every flow's
 * packets on one path, so nothing may arrive out of order and goodput must equal throughput; probes sent by
 * switches and hosts (ControlPacketsTest) are counted per type; a partitioned run measures what the
 * sequential one does; spraying over an AR group reorders, and the metrics see it.
 */
class ReorderMetricsRunTest {
    static final long SEED = 11;
    static final FlowSchedule TRAFFIC = PacketInvariantsTest.traffic(SEED);
    static final MetricsOptions OPTIONS = MetricsOptions.window(2 * 1_000_000L, PartitionedRunTest.END)
            .withReorder(true, 10_000_000);

    static PacketMetrics metrics() {
        return new PacketMetrics(PacketInvariantsTest.TOPOLOGY, TRAFFIC.flows(), OPTIONS).permutations(
                FlowSchedule.permutationIndices(PacketInvariantsTest.trafficPermutations(SEED)), TRAFFIC.after(), 3);
    }

    static PacketParams params() {
        return ControlPacketsTest.congested(Queueing.FIFO);
    }

    static PacketMetrics sequential(DecisionPoints mechanisms) {
        PacketMetrics m = metrics();
        LogicalProcess lp = new LogicalProcess(EventQueue.create("heap4"), PacketInvariantsTest.TOPOLOGY.nodeCount());
        PacketNetwork net = new PacketNetwork(PacketInvariantsTest.TOPOLOGY, PacketInvariantsTest.TABLES, TRAFFIC,
                new int[TRAFFIC.size()], params(), m, lp, mechanisms);
        lp.handler(net);
        net.start();
        lp.runBefore(PartitionedRunTest.END);
        assertEquals(net.controlHops(), m.adaptation().controlHops(ControlPacket.PROBE), "every probe hop, by type");
        return m;
    }

    @Test
    void staticRoutesDeliverEveryFlowInOrderSoGoodputIsThroughput() {
        PacketMetrics m = sequential(new ControlPacketsTest.Probes(ControlLane.SHARED));
        assertTrue(m.deliveredPackets() > 500, "the run delivers: " + m.deliveredPackets());
        assertEquals(0, m.reorder().outOfOrder());
        assertEquals(m.deliveredPackets(), m.reorder().inOrder());
        assertTrue(m.adaptation().controlHops(ControlPacket.PROBE) > 100);
        for (int f = 0; f < TRAFFIC.size(); f++) {
            assertEquals(m.flowGbps(f), m.flowGoodputGbps(f), 0.0, "flow " + f);
            assertEquals(m.flowPackets(f), m.reorder().flowInOrder(f));
        }
        double[] gbps = m.receiverGbps();
        double[] goodput = m.receiverGoodputGbps();
        for (int h = 0; h < gbps.length; h++) {
            assertEquals(gbps[h], goodput[h], 0.0, "host " + h);
        }
        assertEquals(0, m.adaptation().total());
        for (PermutationConvergence p : m.permutationConvergence()) {
            assertTrue(p.startPs() >= 0, "every permutation started: " + p);
            assertEquals(0, p.convergencePs(), "nothing adapts, nothing converges: " + p);
        }
        assertEquals(0, m.permutationConvergence().get(0).startPs(), "permutation 0 starts at once");
    }

    @Test
    void sprayingOverAnArGroupDeliversOutOfOrderSoGoodputFallsBelowThroughput() {
        // the metrics above could say "in order" whatever arrives; spraying each packet to the next port of its
        // AR group (seed 004: the QM8700's counters) sends a flow's packets over the tree's four spines with
        // queues of their own, so some overtake others, and a receiver's goodput (in-order packets, seed 001
        // §V) falls below its throughput
        PacketMetrics m = sequential(new ArGroupMechanisms(ArGrouping.TREE, ArSelection.ROUND_ROBIN));
        assertTrue(m.reorder().outOfOrder() > 0, "spraying delivered everything in order");
        assertEquals(m.deliveredPackets(), m.reorder().inOrder() + m.reorder().outOfOrder());
        double gbps = java.util.Arrays.stream(m.receiverGbps()).sum();
        double goodput = java.util.Arrays.stream(m.receiverGoodputGbps()).sum();
        assertTrue(goodput < gbps, "goodput " + goodput + " against throughput " + gbps + " Gbit/s");
        int mtu = params().mtuBytes();
        int complete = 0;
        for (int f = 0; f < TRAFFIC.size(); f++) {
            if (m.completions(f) > 0) {
                // packets numbered from 0: the highest delivered of a whole flow is its last, late or not
                long packets = (TRAFFIC.bytes()[f] + mtu - 1) / mtu;
                assertEquals(packets - 1, m.reorder().highestSeq(f), "flow " + f);
                complete++;
            }
        }
        assertTrue(complete > 0, "no flow completed");
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void aPartitionedRunMeasuresWhatTheSequentialRunMeasures(int parts) {
        PacketMetrics seq = sequential(new ControlPacketsTest.Probes(ControlLane.SHARED));
        int[] partOf = new int[PacketInvariantsTest.TOPOLOGY.nodeCount()];
        SplittableRandom r = new SplittableRandom(parts + 31);
        for (int v = 0; v < partOf.length; v++) {
            partOf[v] = r.nextInt(parts);
        }
        PacketMetrics[] observers = new PacketMetrics[parts];
        for (int k = 0; k < parts; k++) {
            observers[k] = metrics();
        }
        PartitionedRunTest.runParts(params(), TRAFFIC, partOf, new ControlPacketsTest.Probes(ControlLane.SHARED),
                observers);
        for (int k = 1; k < parts; k++) {
            observers[0].merge(observers[k]);
        }
        assertEquals(Json.format(PacketMetricsFiles.summary(seq)),
                Json.format(PacketMetricsFiles.summary(observers[0])));
        assertEquals(seq.permutationConvergence(), observers[0].permutationConvergence());
    }
}
