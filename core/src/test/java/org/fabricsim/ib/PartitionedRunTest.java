package org.fabricsim.ib;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.fabricsim.engine.EventQueue;
import org.fabricsim.engine.LogicalProcess;
import org.fabricsim.engine.Time;
import org.fabricsim.ib.ar.ArGroupMechanisms;
import org.fabricsim.ib.ar.EarMechanisms;
import org.fabricsim.ib.circuits.CircuitMechanisms;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.FlowSchedule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The model is partitionable as it stands (DESIGN.md, "Packet engine"; issue 6): split the nodes among parts,
 * give each part its own logical process and copy of the model, let only packet heads and credits cross
 * (with their senders' tie keys), run the parts in synchronous windows of the smallest lookahead the model
 * claims for a cut cable (a conservative schedule: nothing sent in a window can land in it; every crossing
 * event is checked against its cable's lookahead), and every port and host observes exactly
 * what it observes in the sequential run — same transmissions, deliveries, buffer occupancies and
 * completions at the same picoseconds, in the same order.
 */
public class PartitionedRunTest {
    public static final Topology TOPOLOGY = PacketInvariantsTest.TOPOLOGY;
    public static final ForwardingTables TABLES = PacketInvariantsTest.TABLES;
    static final long END = 300 * Time.US;

    /** A hash per port (transmissions, occupancies) and per host (deliveries), and completion times per flow. */
    public static final class Trace implements PacketObserver {
        public final long[] port = new long[TOPOLOGY.portCount()];
        public final long[] host = new long[TOPOLOGY.hostCount()];
        public final long[] completed;
        public long calls;
        public long adaptations;

        Trace(int flows) {
            completed = new long[flows];
        }

        static long mix(long h, long v) {
            return (h ^ v) * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L;
        }

        @Override
        public void transmitted(long timePs, int globalPort, int vl, int flow, int bytes) {
            port[globalPort] = mix(mix(mix(port[globalPort], timePs), flow), bytes * 16L + vl);
            calls++;
        }

        @Override
        public void delivered(long timePs, int flow, int dstHost, int bytes, long injectedPs, int seq) {
            host[dstHost] = mix(mix(mix(mix(host[dstHost], timePs), flow * 65536L + bytes), injectedPs), seq);
            calls++;
        }

        @Override
        public void bufferOccupancy(long timePs, int globalPort, int vl, int bytes) {
            port[globalPort] = mix(mix(port[globalPort], timePs), bytes * 16L + vl);
            calls++;
        }

        @Override
        public void adapted(long timePs, int switchNode, int flow, int fromPort, int toPort) {
            port[fromPort] = mix(mix(mix(port[fromPort], timePs), flow), toPort + 2_000_003L);
            calls++;
            adaptations++;
        }

        @Override
        public void controlTransmitted(long timePs, int globalPort, int type, int bytes) {
            port[globalPort] = mix(mix(port[globalPort], timePs), bytes * 16L + type + 1_000_003L);
            calls++;
        }

        @Override
        public void flowCompleted(long timePs, int flow) {
            completed[flow] = timePs;
            calls++;
        }

        /** Adds another part's observations (each port and host is observed by one part only). */
        void add(Trace other) {
            for (int i = 0; i < port.length; i++) {
                port[i] ^= other.port[i];
            }
            for (int i = 0; i < host.length; i++) {
                host[i] ^= other.host[i];
            }
            for (int i = 0; i < completed.length; i++) {
                completed[i] = Math.max(completed[i], other.completed[i]);
            }
            calls += other.calls;
            adaptations += other.adaptations;
        }
    }

    record Message(int toPart, long time, long tie, int target, boolean packet, long w0, long w1, long w2,
            long injectedPs, long tailPs, long w5, long creditPayload) {
    }

    public static Trace sequential(PacketParams params, FlowSchedule s) {
        return sequential(params, s, DecisionPoints.STATIC);
    }

    public static Trace sequential(PacketParams params, FlowSchedule s, DecisionPoints m) {
        Trace trace = new Trace(s.size());
        LogicalProcess lp = new LogicalProcess(EventQueue.create("heap4"), TOPOLOGY.nodeCount());
        PacketNetwork net = new PacketNetwork(TOPOLOGY, TABLES, s, new int[s.size()], params, trace, lp, m);
        lp.handler(net);
        net.start();
        lp.runBefore(END);
        return trace;
    }

    public static Trace partitioned(PacketParams params, FlowSchedule s, int[] partOf, int parts) {
        return partitioned(params, s, partOf, parts, DecisionPoints.STATIC);
    }

    public static Trace partitioned(PacketParams params, FlowSchedule s, int[] partOf, int parts, DecisionPoints mechanisms) {
        Trace[] traces = new Trace[parts];
        for (int k = 0; k < parts; k++) {
            traces[k] = new Trace(s.size());
        }
        runParts(params, s, partOf, mechanisms, traces);
        for (int k = 1; k < parts; k++) {
            traces[0].add(traces[k]);
        }
        return traces[0];
    }

    /** Runs part k of the network with {@code observers[k]} (as many parts as observers), until {@link #END}. */
    static void runParts(PacketParams params, FlowSchedule s, int[] partOf, DecisionPoints mechanisms,
            PacketObserver[] observers) {
        int parts = observers.length;
        List<Message> inFlight = new ArrayList<>();
        LogicalProcess[] lps = new LogicalProcess[parts];
        PacketNetwork[] nets = new PacketNetwork[parts];
        for (int k = 0; k < parts; k++) {
            int from = k;
            // every crossing event lands no sooner than the lookahead the model claims for its cable
            Crossing crossing = new Crossing() {
                @Override
                public void packet(int toPart, long time, long tie, int target, long w0, long w1, long w2,
                        long injectedPs, long tailPs, long w5) {
                    checkLookahead(nets[from], lps[from], time, target);
                    inFlight.add(new Message(toPart, time, tie, target, true, w0, w1, w2, injectedPs, tailPs, w5,
                            0));
                }

                @Override
                public void credit(int toPart, long time, long tie, int target, long payload) {
                    checkLookahead(nets[from], lps[from], time, target);
                    inFlight.add(new Message(toPart, time, tie, target, false, 0, 0, 0, 0, 0, 0, payload));
                }
            };
            lps[k] = new LogicalProcess(EventQueue.create("heap4"), TOPOLOGY.nodeCount());
            // each part holds only its own switches' table rows, as a member does (D201), unless an adaptive
            // routing fills its state from every switch's row
            int part = k;
            boolean wholeRoutes = mechanisms instanceof EarMechanisms || mechanisms instanceof CircuitMechanisms
                    || mechanisms instanceof ArGroupMechanisms;
            ForwardingTables tables = wholeRoutes ? TABLES : TABLES.keepRows(v -> partOf[v] == part);
            nets[k] = new PacketNetwork(TOPOLOGY, tables, s, null, new int[s.size()], params, observers[k], lps[k],
                    mechanisms, partOf, k);
            nets[k].partition(lps[k], crossing);
            lps[k].handler(nets[k]);
            nets[k].start();
        }
        // windows of the smallest lookahead of a cut cable: nothing sent in a window can land in it
        long lookahead = Long.MAX_VALUE;
        for (int p = 0; p < TOPOLOGY.portCount(); p++) {
            if (TOPOLOGY.isConnected(p) && partOf[TOPOLOGY.owner(p)] != partOf[TOPOLOGY.peerNode(p)]) {
                lookahead = Math.min(lookahead, nets[0].crossingLookahead(p));
            }
        }
        long crossings = 0;
        for (long t = 0; t < END; t += lookahead) {
            long window = Math.min(t + lookahead, END);
            for (LogicalProcess lp : lps) {
                lp.runBefore(window);
            }
            for (Message m : inFlight) {
                assertTrue(m.time >= window, "a crossing event inside its own window");
                if (m.packet) {
                    nets[m.toPart].receivePacket(m.time, m.tie, m.target, m.w0, m.w1, m.w2, m.injectedPs, m.tailPs,
                            m.w5, lps[m.toPart]);
                } else {
                    lps[m.toPart].push(m.time, m.tie, m.target, m.creditPayload);
                }
            }
            crossings += inFlight.size();
            inFlight.clear();
        }
        assertTrue(crossings > 1000, "the cut is crossed: " + crossings);
    }

    /** The event sent over the cable into port {@code target} keeps its cable's lookahead. */
    static void checkLookahead(PacketNetwork net, LogicalProcess lp, long time, int target) {
        long lookahead = net.crossingLookahead(TOPOLOGY.peerPort(target));
        assertTrue(time - lp.now() >= lookahead, "an event sent at " + lp.now() + " ps arrives at " + time
                + " ps, within the lookahead of " + lookahead + " ps");
    }

    @Test
    void theLookaheadOfACableIsItsLatencyPlusTheSwitchLatencyOrTheSmallestPacketsSerialisation() {
        FlowSchedule s = PacketInvariantsTest.traffic(11); // 20 KiB + 77 B per flow: the last packet is 77 B
        PacketParams params = PacketParams.defaults();
        PacketNetwork net = new PacketNetwork(TOPOLOGY, TABLES, s, new int[s.size()], params, new Trace(s.size()),
                new LogicalProcess(EventQueue.create("heap4"), TOPOLOGY.nodeCount()));
        int host = TOPOLOGY.hostPort(0);
        int leaf = TOPOLOGY.peerPort(host);
        long cable = TOPOLOGY.latencyPs(host);
        long smallest = Time.serialisation(77 + params.overheadBytes(), TOPOLOGY.bandwidthBps(host));
        // a host's heads arrive after the cable alone; its credits a serialisation of the smallest packet later
        assertEquals(cable, net.crossingLookahead(host));
        assertEquals(Math.min(cable + params.switchLatencyPs(), cable + smallest), net.crossingLookahead(leaf));
        FlowSchedule endless = FlowSchedule.always(s.flows());
        PacketNetwork mtu = new PacketNetwork(TOPOLOGY, TABLES, endless, new int[s.size()], params,
                new Trace(s.size()), new LogicalProcess(EventQueue.create("heap4"), TOPOLOGY.nodeCount()));
        long full = Time.serialisation(params.mtuBytes() + params.overheadBytes(), TOPOLOGY.bandwidthBps(host));
        assertEquals(Math.min(cable + params.switchLatencyPs(), cable + full), mtu.crossingLookahead(leaf),
                "endless flows send only MTU packets");
        assertTrue(mtu.crossingLookahead(leaf) > 5 * cable, "far more than the cable alone: "
                + mtu.crossingLookahead(leaf) + " ps");
    }

    @Test
    void aPacketCrossesACutWithEveryFieldWhateverItsLane() {
        // VOQnet has a lane per destination host and the control lane after them: thousands of lanes, so a
        // packet's lane crosses whole (cut to 8 bits, lane 256 arrived as lane 0 and its credits overfilled it)
        PacketPool from = new PacketPool(4);
        PacketPool to = new PacketPool(4);
        int data = from.data(123_456, 77, 5_000, 4096, 1 << 20, 1 << 20, 1_000, 11L, 22L);
        int control = from.control(ControlPacket.ISOLATION_DEALLOCATE, ControlPacket.TOWARD_SOURCE
                | ControlPacket.RETURN | 4, 9, 4_000, 70_000, 40, 1, 4_097, 33L);
        from.setAux(control, 17);
        for (int pk : new int[] {data, control}) {
            int got = to.fromWords(from.word0(pk), from.word1(pk), from.word2(pk), from.injectedPs(pk),
                    from.tailPs(pk), from.word5(pk));
            assertArrayEquals(new long[] {from.flow(pk), from.seq(pk), from.dst(pk), from.to(pk), from.payload(pk),
                from.wire(pk), from.blocks(pk), from.vl(pk), from.type(pk), from.flags(pk), from.aux(pk),
                from.injectedPs(pk), from.tailPs(pk)}, new long[] {to.flow(got), to.seq(got), to.dst(got),
                to.to(got), to.payload(got), to.wire(got), to.blocks(got), to.vl(got), to.type(got), to.flags(got),
                to.aux(got), to.injectedPs(got), to.tailPs(got)}, "packet " + pk + " after the cut");
        }
        assertEquals(1, to.liveControl(), "the control packet is counted as one");
    }

    /**
     * A collective's sends wait for their rank's receives (seed 004 §IV-C; FlowSchedule's waits): decided at
     * the receiving host's part, so a partitioned run observes what the sequential one does, and no flow is
     * delivered before the flows it waited for had arrived, its receive overhead had passed (3 parts: 700 ns,
     * D236) and it had had time to cross its host's link.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void aCollectivesSendsWaitForTheirReceivesWhereverTheHostsAre(int parts) {
        int hosts = TOPOLOGY.hostCount();
        FlowSchedule s = new org.fabricsim.traffic.Collective(org.fabricsim.traffic.Collective.Operation.ALLTOALL,
                parts == 2 ? org.fabricsim.traffic.Collective.Algorithm.PAIRWISE
                        : org.fabricsim.traffic.Collective.Algorithm.LINEAR,
                java.util.stream.IntStream.range(0, hosts).toArray(), 8 * 1024, 4 * 1024, 2, 0).schedule()
                .withReceiveDelay(parts == 3 ? 700_000 : 0);
        PacketParams params = PacketParams.defaults().withBuffers(8 * 1024, 8 * 1024);
        Trace seq = sequential(params, s);
        Trace par = partitioned(params, s, randomParts(parts), parts);
        for (int g = 0; g < s.size(); g++) {
            assertTrue(seq.completed[g] > 0, "flow " + g + " of " + s.size() + " was delivered by the end");
            long alone = Time.serialisation(s.bytes()[g] + params.overheadBytes(), TOPOLOGY.bandwidthBps(0));
            for (int k = s.waitStart()[g]; k < s.waitStart()[g + 1]; k++) {
                int j = s.waitFlows()[k];
                assertTrue(seq.completed[g] >= seq.completed[j] + s.receiveDelayPs() + alone, "flow " + g
                        + " delivered at "
                        + seq.completed[g] + " ps, before its wait " + j + " (" + seq.completed[j] + " ps) and its own"
                        + " transmission");
            }
        }
        assertSameObservations(seq, par);
    }

    /** Nodes dealt to {@code parts} parts at random: hosts apart from their leaves, the hardest cut. */
    static int[] randomParts(int parts) {
        int[] partOf = new int[TOPOLOGY.nodeCount()];
        SplittableRandom r = new SplittableRandom(parts);
        for (int v = 0; v < partOf.length; v++) {
            partOf[v] = r.nextInt(parts);
        }
        return partOf;
    }

    static void assertSameObservations(Trace seq, Trace par) {
        assertEquals(seq.calls, par.calls);
        assertArrayEquals(seq.port, par.port, "per-port transmissions and occupancies");
        assertArrayEquals(seq.host, par.host, "per-host deliveries");
        assertArrayEquals(seq.completed, par.completed, "completion times");
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 5})
    void everyPortAndHostObservesWhatTheSequentialRunObserves(int parts) {
        FlowSchedule s = PacketInvariantsTest.traffic(11);
        PacketParams params = PacketParams.defaults().withBuffers(8 * 1024, 8 * 1024)
                .withSwitch(parts == 3 ? Queueing.FIFO : Queueing.VOQ, parts == 5 ? 1 : 0,
                        parts == 2 ? Arbitration.ROUND_ROBIN : Arbitration.FCFS);
        Trace seq = sequential(params, s);
        Trace par = partitioned(params, s, randomParts(parts), parts);
        assertTrue(seq.calls > 10_000, "the run observes something: " + seq.calls);
        assertSameObservations(seq, par);
    }

    @Test
    void streamedPacketsRunAcrossCutsAsTheyRunSequentially() {
        // D232: a streamed packet's trailing tail travels with its head across a cut; the head's time, and so the
        // lookahead, is a whole packet's
        FlowSchedule s = PacketInvariantsTest.traffic(11);
        long link = TOPOLOGY.bandwidthBps(TOPOLOGY.hostPort(0));
        for (int f = 1; f < s.size(); f += 2) {
            s.rateBps()[f] = link / 3;
        }
        PacketParams whole = PacketParams.defaults().withBuffers(8 * 1024, 8 * 1024);
        PacketParams streamed = whole.withStreamedPacing(true);
        Trace seq = sequential(streamed, s);
        assertTrue(seq.calls > 10_000, "the run observes something: " + seq.calls);
        assertTrue(!java.util.Arrays.equals(seq.port, sequential(whole, s).port), "streaming changes the run");
        assertSameObservations(seq, partitioned(streamed, s, randomParts(3), 3));
    }
}
