package org.fabricsim.ib.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabricsim.engine.Time;
import org.fabricsim.ib.PacketObserver;
import org.fabricsim.ib.PacketParams;
import org.fabricsim.ib.run.PacketSimulation;
import org.fabricsim.ib.throttling.CcParams;
import org.fabricsim.routing.ForwardingTables;
import org.fabricsim.routing.Routings;
import org.fabricsim.stats.MetricsOptions;
import org.fabricsim.stats.PacketMetrics;
import org.fabricsim.topology.Topologies;
import org.fabricsim.topology.Topology;
import org.fabricsim.traffic.ForestParameters;
import org.fabricsim.traffic.HotspotForest;
import org.junit.jupiter.api.Test;

/**
 * Message-level traffic (seed 002 Paper IV, digest §3.2): each host's generator draws a destination per
 * message from its role — C its hotspot of the moment, V a uniform other host, B both at shares p and 1 − p
 * of the rate, cumulatively — and, with InfiniBand congestion control, the HCA throttles each destination on
 * its own. On a 32-host two-level fat tree.
 */
class MessageTrafficTest {
    static final Topology T = Topologies.resolve("xgft(2;4,8;1,4)", 0, 0, null);
    static final ForwardingTables LFT = Routings.compute("auto", T, null);
    static final PacketParams PARAMS = PacketParams.defaults().withMtu(2048, 26);
    static final int MESSAGE = 4096;

    /** Records, per delivered packet, its source flow, destination and injection time. */
    static final class Deliveries implements PacketObserver {
        final long[][] bytes = new long[T.hostCount()][T.hostCount()]; // [src][dst]
        final int[] flowSrc;
        java.util.function.BiConsumer<long[], int[]> each = (a, b) -> { };

        Deliveries(int[] flowSrc) {
            this.flowSrc = flowSrc;
        }

        @Override
        public void transmitted(long timePs, int globalPort, int vl, int flow, int b) {
        }

        @Override
        public void delivered(long timePs, int flow, int dstHost, int b, long injectedPs, int seq) {
            bytes[flowSrc[flow]][dstHost] += b;
            each.accept(new long[] {injectedPs, timePs}, new int[] {flow, dstHost});
        }

        @Override
        public void bufferOccupancy(long timePs, int globalPort, int vl, int b) {
        }

        @Override
        public void flowCompleted(long timePs, int flow) {
        }
    }

    /** Two observers of one run. */
    record Both(PacketObserver a, PacketObserver b) implements PacketObserver {
        @Override
        public void transmitted(long timePs, int globalPort, int vl, int flow, int bytes) {
            a.transmitted(timePs, globalPort, vl, flow, bytes);
            b.transmitted(timePs, globalPort, vl, flow, bytes);
        }

        @Override
        public void delivered(long timePs, int flow, int dstHost, int bytes, long injectedPs, int seq) {
            a.delivered(timePs, flow, dstHost, bytes, injectedPs, seq);
            b.delivered(timePs, flow, dstHost, bytes, injectedPs, seq);
        }

        @Override
        public void bufferOccupancy(long timePs, int globalPort, int vl, int bytes) {
            a.bufferOccupancy(timePs, globalPort, vl, bytes);
            b.bufferOccupancy(timePs, globalPort, vl, bytes);
        }

        @Override
        public void flowCompleted(long timePs, int flow) {
            a.flowCompleted(timePs, flow);
            b.flowCompleted(timePs, flow);
        }
    }

    @Test
    void aBNodeSendsItsSharesOfTheRateToItsHotspotAndUniformlyElsewhereCumulatively() {
        // all B nodes, p = 0.3, 2 Gbit/s each on 20 Gbit/s links: nothing congests, so every source sends
        // exactly its cumulative quota, within one packet
        HotspotForest forest = new HotspotForest(ForestParameters.windy(4, 1.0, 0.3), T.hostCount(), 7, 0);
        MessageTraffic m = new MessageTraffic(forest, MESSAGE, 2_000_000_000L, true, 7);
        PacketSimulation sim = PacketSimulation.builder(T, LFT, m).params(PARAMS).build();
        long end = 2 * Time.MS;
        sim.runUntil(end);
        int[] kinds = m.kinds();
        int[] src = m.schedule().flows().src();
        int wire = 2048 + 26;
        for (int f = 0; f < kinds.length; f++) {
            double share = kinds[f] == MessageTraffic.HOT ? 0.3 : 0.7;
            double quotaBytes = share * 2e9 * (end / 1e12) / 8;
            double sentWire = sim.sentBytes(f) / 2048.0 * wire; // every packet is a full MTU (4 KiB messages)
            assertEquals(quotaBytes, sentWire, wire, "flow " + f + " of host " + src[f] + " (" + share + ")");
        }
        assertNull(sim.creditViolation());
    }

    @Test
    void generationQueuesPerDestinationGenerateAndSendTheSameCumulativeShares() {
        // D158: with a queue per destination the sources generate their messages at their shares and, nothing
        // congesting, send all of it: each within one message of its quota, as the in-turn generator does
        HotspotForest forest = new HotspotForest(ForestParameters.windy(4, 1.0, 0.3), T.hostCount(), 7, 0);
        MessageTraffic m = new MessageTraffic(forest, MESSAGE, 2_000_000_000L, true, 7, 0, Long.MAX_VALUE,
                64 * 1024);
        PacketSimulation sim = PacketSimulation.builder(T, LFT, m).params(PARAMS).build();
        long end = 2 * Time.MS;
        sim.runUntil(end);
        int[] kinds = m.kinds();
        int wire = 2048 + 26;
        for (int f = 0; f < kinds.length; f++) {
            double share = kinds[f] == MessageTraffic.HOT ? 0.3 : 0.7;
            double quotaBytes = share * 2e9 * (end / 1e12) / 8;
            double sentWire = sim.sentBytes(f) / 2048.0 * wire;
            assertEquals(quotaBytes, sentWire, 2 * wire, "source " + f + " (" + share + ")");
        }
        assertEquals(sim.injectedPackets(), sim.deliveredPackets() + sim.packetsInFlight());
        assertNull(sim.creditViolation());
    }

    @Test
    void hotSourcesSendOnlyInTheirWindowAndTheirQuotaCountsFromItsStart() {
        // hot bursts as in seed 002 Papers V and VI, at 2 Gbit/s on 20 Gbit/s links (nothing congests)
        HotspotForest forest = new HotspotForest(new ForestParameters(2, 0.0, 0.5, 1.0, 0), T.hostCount(), 9, 0);
        long from = 300 * Time.US;
        long until = 800 * Time.US;
        MessageTraffic m = new MessageTraffic(forest, MESSAGE, 2_000_000_000L, true, 9, from, until);
        int[] kinds = m.kinds();
        Deliveries d = new Deliveries(m.schedule().flows().src());
        long[] outside = {0};
        d.each = (times, ids) -> {
            if (kinds[ids[0]] == MessageTraffic.HOT && (times[0] < from || times[0] >= until)) {
                outside[0]++;
            }
        };
        PacketSimulation sim = PacketSimulation.builder(T, LFT, m).params(PARAMS).observer(d).build();
        sim.runUntil(Time.MS);
        assertEquals(0, outside[0], "hot packets injected outside the window");
        int wire = 2048 + 26;
        for (int f = 0; f < kinds.length; f++) {
            long active = kinds[f] == MessageTraffic.HOT ? until - from : Time.MS;
            double quota = 2e9 * (active / 1e12) / 8;
            assertEquals(quota, sim.sentBytes(f) / 2048.0 * wire, 2 * wire, "source " + f + " sends its quota for "
                    + active + " ps");
        }
    }

    @Test
    void contributorsFollowTheirMovingHotspots() {
        ForestParameters p = ForestParameters.moving(4, 0.0, 0.5, 1.0, 200 * Time.US);
        HotspotForest forest = new HotspotForest(p, T.hostCount(), 3, 0);
        MessageTraffic m = new MessageTraffic(forest, MESSAGE, 2_000_000_000L, true, 3);
        int[] flowSrc = m.schedule().flows().src();
        Deliveries d = new Deliveries(flowSrc);
        int[] wrong = {0};
        int[] checked = {0};
        int[] kinds = m.kinds();
        d.each = (times, ids) -> {
            int f = ids[0];
            int h = flowSrc[f];
            if (kinds[f] != MessageTraffic.HOT) {
                return;
            }
            long slot = forest.slotAt(times[0]);
            // a message drawn before the slot began may still be finishing: look only well inside a slot
            if (times[0] - slot * p.hotspotLifetimePs() > 10 * Time.US) {
                checked[0]++;
                if (ids[1] != forest.hotspotOf(h, slot)) {
                    wrong[0]++;
                }
            }
        };
        PacketSimulation sim = PacketSimulation.builder(T, LFT, m).params(PARAMS).observer(d).build();
        sim.runUntil(2 * Time.MS); // ten hotspot lifetimes
        assertTrue(checked[0] > 1000, "C packets checked: " + checked[0]);
        assertEquals(0, wrong[0], "C packets to another host than their slot's hotspot");
    }

    @Test
    void victimsDrawUniformOtherHosts() {
        // every host a V node at 13.5 Gbit/s for 6 ms: about 80 messages to each other host
        HotspotForest forest = new HotspotForest(new ForestParameters(1, 0.0, 1.0, 1.0, 0), T.hostCount(), 3, 0);
        MessageTraffic m = new MessageTraffic(forest, MESSAGE, 13_500_000_000L, true, 3);
        Deliveries d = new Deliveries(m.schedule().flows().src());
        PacketMetrics metrics = new PacketMetrics(T, m.schedule().flows(), MetricsOptions.until(6 * Time.MS))
                .messageSources();
        PacketSimulation sim = PacketSimulation.builder(T, LFT, m).params(PARAMS).observer(new Both(d, metrics))
                .build();
        sim.runUntil(6 * Time.MS);
        int n = T.hostCount();
        long[] received = metrics.receiverBytes();
        for (int h = 0; h < n; h++) {
            long over = 0;
            for (int b = 0; b < metrics.bins(); b++) {
                over += metrics.receiverBinBytes(h, b);
            }
            assertEquals(received[h], over, "receiver " + h + "'s bins add up to its bytes");
            long sent = 0;
            for (int x = 0; x < n; x++) {
                sent += d.bytes[x][h];
            }
            assertEquals(sent, received[h], "receiver " + h + " counts what was delivered to it");
        }
        for (int h = 0; h < n; h++) {
            assertEquals(0, d.bytes[h][h], "a V node never sends to itself");
            double total = 0;
            for (int x = 0; x < n; x++) {
                total += d.bytes[h][x] / (double) MESSAGE;
            }
            double mean = total / (n - 1);
            assertTrue(mean > 50, "messages per destination: " + mean);
            double chi2 = 0;
            for (int x = 0; x < n; x++) {
                if (x != h) {
                    double dev = d.bytes[h][x] / (double) MESSAGE - mean;
                    chi2 += dev * dev / mean;
                }
            }
            // 30 degrees of freedom: P(chi2 > 80) is below 1e-6 for uniform draws
            assertTrue(chi2 < 80, "V node " + h + ": chi-square " + chi2 + " over " + (n - 1) + " destinations");
        }
    }

    /** Receive rates (payload Gbit/s) of the hotspots and of the others from {@code from} to {@code to}. */
    static double[] forestRates(CcParams cc, HotspotForest forest, long from, long to) {
        MessageTraffic m = new MessageTraffic(forest, MESSAGE, 13_500_000_000L, true, 5);
        Deliveries d = new Deliveries(m.schedule().flows().src());
        long[] received = new long[T.hostCount()];
        d.each = (times, ids) -> {
            if (times[1] >= from && times[1] < to) {
                received[ids[1]] += 2048;
            }
        };
        PacketSimulation sim = PacketSimulation.builder(T, LFT, m).congestionControl(cc).observer(d)
                .params(PARAMS.withHcaRates(13_500_000_000L, 13_600_000_000L)).build();
        sim.runUntil(to);
        assertNull(sim.creditViolation());
        int[] hot = forest.hotspots(0);
        double hotBytes = 0;
        double all = 0;
        for (int h = 0; h < received.length; h++) {
            all += received[h];
        }
        for (int h : hot) {
            hotBytes += received[h];
        }
        double seconds = (to - from) / 1e12;
        return new double[] {hotBytes * 8 / seconds / 1e9 / hot.length,
                (all - hotBytes) * 8 / seconds / 1e9 / (received.length - hot.length)};
    }

    @Test
    void congestionControlFreesTheVictimsOfASilentForestWhileTheHotspotsStayBusy() {
        // Paper IV's silent forest in small: 80 % C, 20 % V, 2 hotspots; CC per destination (QP level) with the
        // Paper IV calibration of docs/CONGESTION_CONTROL.md: CCT i^2 x 80 ns, one periodic timer per port
        HotspotForest forest = new HotspotForest(ForestParameters.silent(2), T.hostCount(), 5, 0);
        CcParams cc = new CcParams(15, 0, CcParams.Evaluation.SUM, 0, true, 0, 0, 80_000, 128, 1, 127, 0,
                150 * Time.US, false, false, 64);
        long from = 10 * Time.MS; // after the CCTIs have climbed
        long to = 25 * Time.MS;
        double[] off = forestRates(null, forest, from, to);
        double[] on = forestRates(cc, forest, from, to);
        // without CC the V nodes' traffic is caught in the congestion trees; with it they get several times more
        assertTrue(on[1] > 2 * off[1], "non-hotspot receive rate: " + off[1] + " without CC, " + on[1] + " with");
        assertTrue(on[0] > 0.8 * off[0], "hotspots: " + off[0] + " without CC, " + on[0] + " with");
    }
}
