package org.fabricsim.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * HPCC's network tests on seed 002's test bed (Paper III §VI, {@code cc-testbed-hpcc.conf}, D236), shortened: what
 * the model must do whatever the paper's numbers (those are the ledger's, docs/CONGESTION_CONTROL.md).
 */
class HpccTestBedTest {
    private static final String[] SHORT = {"packet.trace.repetitions=2", "packet.trace.loop-length=3",
        "packet.trace.random-rings=2", "packet.trace.start=1ms", "packet.end-time=3ms"};

    @SuppressWarnings("unchecked")
    private static Map<String, Object> trace(String... settings) {
        return (Map<String, Object>) ShippedRuns.summary("cc-testbed-hpcc.conf", SHORT, settings).get("trace");
    }

    @SuppressWarnings("unchecked")
    private static double pingPong(Map<String, Object> trace, String which) {
        return ((Map<String, Double>) trace.get("latency_us")).get(which);
    }

    /**
     * On an idle network a one-way message takes the same time in a ping-pong and in a ring of two ranks (its
     * two messages cross in opposite directions), every pair alike, and a receive overhead adds exactly itself.
     */
    @Test
    void anIdleNetworkGivesOneLatencyAndAnOverheadAddsItself() {
        String idle = "packet.trace.hot-sender-hosts=[]";
        Map<String, Object> plain = trace(idle, "packet.trace.receive-overhead=0s");
        Map<String, Object> slow = trace(idle, "packet.trace.receive-overhead=700ns");
        Map<String, Object> ring = trace(idle, "packet.trace.receive-overhead=0s", "packet.trace.kernel=rings");
        double one = pingPong(plain, "min");
        assertTrue(one > 0);
        assertEquals(one, pingPong(plain, "max"), 1e-9, "both directions alike");
        assertEquals(one + 0.7, pingPong(slow, "avg"), 1e-9);
        assertEquals(one, (Double) ring.get("natural_latency_us"), 1e-9);
        assertEquals(one, (Double) ring.get("random_latency_us"), 1e-9);
        assertEquals(8 / one, (Double) ring.get("natural_bandwidth_mbs"), 1e-6);
    }

    /**
     * The hotspot's tree delays H1's pings only through head-of-line blocking: behind H5's packets in S2's input
     * FIFO a ping waits for them to drain; with a queue per output it passes them (D83's default switch).
     */
    @Test
    void onlyHeadOfLineBlockingPutsThePingBehindTheHotspot() {
        double idle = pingPong(trace("packet.trace.hot-sender-hosts=[]", "packet.queues=fifo"), "avg");
        double fifo = pingPong(trace("packet.cc.enabled=false", "packet.queues=fifo"), "avg");
        double voq = pingPong(trace("packet.cc.enabled=false", "packet.queues=voq"), "avg");
        assertTrue(fifo > 10 * idle, fifo + " against " + idle + " us idle");
        assertTrue(voq < 1.5 * idle, voq + " against " + idle + " us idle");
    }
}
