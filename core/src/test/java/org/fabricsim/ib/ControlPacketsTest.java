package org.fabricsim.ib;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.fabricsim.engine.Time;
import org.fabricsim.ib.run.PacketSimulation;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Control packets at the decision points (issue 12 part 1): a test mechanism whose switches answer the
 * first packet of every flow they forward with a probe to the flow's source (switch-originated, through the
 * marking hook), and whose source HCAs answer every probe with one to the flow's destination
 * (HCA-originated). Probes share the links and credits with data, on the data lane or a dedicated one, and
 * must be counted apart, conserved, ordered by priority, and partitioned runs must match sequential ones.
 */
class ControlPacketsTest {
    static final Topology TOPOLOGY = PacketInvariantsTest.TOPOLOGY;
    static final int PROBE_WIRE = 64;

    /** Probes as described above; counts what it sends and takes, and each probe's latency. */
    static final class Probes extends DecisionPoints {
        final ControlLane lane;
        long fromSwitches;
        long fromHosts;
        long takenAtSource;
        long takenAtDestination;
        long latencySum;
        long latencyMax;

        Probes(ControlLane lane) {
            this.lane = lane;
        }

        @Override
        public ControlLane controlLane() {
            return lane;
        }

        @Override
        public int smallestControlWireBytes() {
            return PROBE_WIRE;
        }

        int laneOf(PacketNetwork net, int pk) {
            return lane.isDedicated() ? net.params().virtualLanes() : net.pool().vl(pk);
        }

        @Override
        public Marking marking(PacketNetwork net) {
            boolean[][] seen = new boolean[net.topology().nodeCount()][net.schedule().size()];
            return new Marking() {
                @Override
                public void queued(long t, int node, int in, int o, int pk) {
                }

                @Override
                public void departing(long t, int node, int o, int pk) {
                    PacketPool p = net.pool();
                    int f = p.flow(pk);
                    if (seen[node][f]) {
                        return;
                    }
                    seen[node][f] = true;
                    int src = net.hcas().flowSrc[f];
                    int probe = p.control(ControlPacket.PROBE, ControlPacket.TOWARD_SOURCE, f, src, src, PROBE_WIRE,
                            blocks(net, PROBE_WIRE), laneOf(net, pk), t);
                    fromSwitches++;
                    net.switches().send(t, node, probe);
                }
            };
        }

        static int blocks(PacketNetwork net, int wire) {
            int unit = net.params().creditBytes();
            return (wire + unit - 1) / unit;
        }

        @Override
        public ControlReceiver controlReceiver(PacketNetwork net) {
            return (t, node, in, pk) -> {
                PacketPool p = net.pool();
                assertEquals(ControlPacket.PROBE, p.type(pk));
                assertEquals(node, p.to(pk), "taken by the node it is for");
                long latency = t - p.injectedPs(pk);
                latencySum += latency;
                latencyMax = Math.max(latencyMax, latency);
                int f = p.flow(pk);
                if ((p.flags(pk) & ControlPacket.TOWARD_SOURCE) != 0) {
                    takenAtSource++;
                    int dst = net.hcas().flowDst[f];
                    int answer = p.control(ControlPacket.PROBE, 0, f, dst, dst, PROBE_WIRE,
                            blocks(net, PROBE_WIRE), laneOf(net, pk), t);
                    fromHosts++;
                    net.hcas().originate(t, node, answer);
                } else {
                    takenAtDestination++;
                }
            };
        }
    }

    static PacketSimulation run(PacketParams params, DecisionPoints m, long endPs) {
        FlowSchedule s = PacketInvariantsTest.traffic(11);
        PacketSimulation sim = PacketSimulation.builder(TOPOLOGY, PacketInvariantsTest.TABLES, s).params(params)
                .mechanisms(m).build();
        sim.runUntil(endPs);
        return sim;
    }

    static PacketParams congested(Queueing q) {
        return PacketParams.defaults().withBuffers(8 * 1024, 8 * 1024).withSwitch(q, 1, Arbitration.ROUND_ROBIN);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void probesAreConservedCountedApartAndLeaveDataAsItWas(boolean dedicated) {
        PacketParams params = congested(Queueing.FIFO);
        long end = 20 * Time.MS;
        PacketSimulation plain = run(params, DecisionPoints.STATIC, end);
        Probes probes = new Probes(dedicated ? ControlLane.dedicated(1024) : ControlLane.SHARED);
        PacketSimulation sim = run(params, probes, end);
        assertEquals(0, sim.pendingEvents(), "the run drained");
        assertTrue(probes.fromSwitches > 100, "switches sent probes: " + probes.fromSwitches);
        assertEquals(probes.fromSwitches, probes.takenAtSource, "every switch probe reached its source");
        assertEquals(probes.fromHosts, probes.takenAtSource, "every source answered");
        assertEquals(probes.fromHosts, probes.takenAtDestination, "every answer reached its destination");
        assertEquals(0, sim.controlInFlight());
        assertEquals(0, sim.packetsInFlight());
        assertNull(sim.creditViolation());
        // data figures are data only: the same packets cross the same links with or without probes
        assertEquals(plain.injectedPackets(), sim.injectedPackets());
        assertEquals(plain.deliveredBytes(), sim.deliveredBytes());
        assertTrue(sim.controlHops() >= 2 * probes.fromSwitches, "each probe crosses at least one link: "
                + sim.controlHops());
        for (int f = 0; f < PacketInvariantsTest.traffic(11).size(); f++) {
            assertEquals(plain.deliveredBytes(f), sim.deliveredBytes(f), "flow " + f);
        }
    }

    @Test
    void dataHopsDoNotCountProbes() {
        PacketParams params = congested(Queueing.VOQ);
        long end = 20 * Time.MS;
        FlowSchedule s = PacketInvariantsTest.traffic(11);
        PacketSimulation plain = PacketSimulation.builder(TOPOLOGY, PacketInvariantsTest.TABLES, s).params(params)
                .build();
        PacketSimulation probed = PacketSimulation.builder(TOPOLOGY, PacketInvariantsTest.TABLES, s).params(params)
                .mechanisms(new Probes(ControlLane.dedicated(1024))).build();
        long plainHops = plain.runUntil(end).packetHops();
        long probedHops = probed.runUntil(end).packetHops();
        assertEquals(plainHops, probedHops, "static routes: every data packet crosses the same links");
        assertTrue(probed.controlHops() > 0);
    }

    @Test
    void aDedicatedLaneGoesBeforeDataAtEveryOutput() {
        // FIFO inputs under load: on the data lane a probe waits behind data at every hop; on its own lane it
        // waits at most for the packet on the output at each hop, plus other probes for the same host (an
        // input reads any number of packets at once here, so a probe never waits for its input's read port)
        PacketParams params = congested(Queueing.FIFO).withSwitch(Queueing.FIFO, 0, Arbitration.ROUND_ROBIN);
        Probes shared = new Probes(ControlLane.SHARED);
        Probes own = new Probes(ControlLane.dedicated(1024));
        run(params, shared, 20 * Time.MS);
        run(params, own, 20 * Time.MS);
        double sharedMean = (double) shared.latencySum / (shared.takenAtSource + shared.takenAtDestination);
        double ownMean = (double) own.latencySum / (own.takenAtSource + own.takenAtDestination);
        assertTrue(ownMean < sharedMean, "mean: dedicated " + ownMean + " ps against shared " + sharedMean + " ps");
        long bw = TOPOLOGY.bandwidthBps(TOPOLOGY.hostPort(0));
        long perHop = Time.serialisation(params.mtuBytes() + params.overheadBytes(), bw) + params.switchLatencyPs()
                + TOPOLOGY.latencyPs(TOPOLOGY.hostPort(0)) + 8 * Time.serialisation(PROBE_WIRE, bw);
        long bound = 4 * perHop; // at most 4 links in the 2-level tree
        assertTrue(own.latencyMax <= bound, "dedicated: max " + own.latencyMax + " ps against " + bound + " ps");
        assertTrue(shared.latencyMax > bound, "behind data the bound does not hold: " + shared.latencyMax + " ps");
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void partitionedRunsWithProbesObserveWhatTheSequentialRunObserves(int parts) {
        FlowSchedule s = PacketInvariantsTest.traffic(11);
        PacketParams params = congested(parts == 2 ? Queueing.FIFO : Queueing.VOQ);
        int[] partOf = new int[TOPOLOGY.nodeCount()];
        SplittableRandom r = new SplittableRandom(parts + 17);
        for (int v = 0; v < partOf.length; v++) {
            partOf[v] = r.nextInt(parts);
        }
        ControlLane lane = parts == 2 ? ControlLane.SHARED : ControlLane.dedicated(512);
        PartitionedRunTest.Trace seq = PartitionedRunTest.sequential(params, s, new Probes(lane));
        PartitionedRunTest.Trace par = PartitionedRunTest.partitioned(params, s, partOf, parts, new Probes(lane));
        assertEquals(seq.calls, par.calls);
        assertArrayEquals(seq.port, par.port, "per-port transmissions (data and control) and occupancies");
        assertArrayEquals(seq.host, par.host, "per-host deliveries");
        assertArrayEquals(seq.completed, par.completed, "completion times");
    }
}
