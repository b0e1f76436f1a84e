package org.fabricsim.ib.isolation;

import org.fabricsim.ib.Queueing;

/**
 * Congested-flow isolation in the switches and HCAs (seed 002 Papers V–VI, digest §5): a few hot queues per
 * switch input beside its normal queue(s), found through CAM lines that hold the congested destinations;
 * every key of {@code packet.isolation}, docs/CONGESTION_CONTROL.md. With {@code packet.queues = voq} it is
 * HFDI / EcoCC's switch (the normal queues are the CPQs, one per output, detection exact at a CPQ); with
 * {@code fifo} it is FBICM / CCFIT's input-queued switch (one NFQ, detection on its fill, the root guessed
 * from its head). Throttling is InfiniBand CC's HCA side ({@code packet.cc}): with it on, EcoCC or CCFIT.
 *
 * @param hotQueues hot queues (HPQs / CFQs) per switch input port (Papers V, VI: 2)
 * @param rootQueue whether a root line takes a hot queue at the root switch (FBICM, CCFIT, HFDI) or the
 *     root's own CPQ isolates it (EcoCC: "no HPQ at the local root"; VOQ switches only)
 * @param detectBytes a root is detected when the CPQ (VOQ) or the NFQ (FIFO) of an input holds this much
 * @param stopBytes a hot queue (or a root line's queue) reaching this: the first time an allocation goes
 *     upstream, the later times a Stop (EcoCC's HTh; CCFIT's Stop)
 * @param goBytes falling to this after a Stop: a Go (EcoCC's LTh; CCFIT's Go)
 * @param markHighBytes with throttling, a root line's queue above this puts its output in the congestion state
 *     (EcoCC: HTh; CCFIT: High)
 * @param markLowBytes and at or below this it no longer holds it there (EcoCC: LTh; CCFIT: Low)
 * @param destinations the most destinations a CAM line's dList holds (Paper VI: 8, 16, 32 for 64, 256, 1024
 *     hosts)
 * @param notificationBytes wire size of an allocation, deallocation, Stop or Go notification
 * @param controlBufferBytes the notifications' own lane buffer per port (they go before data)
 * @param rootYields whether a root's hot queue yields to a tree notified from downstream: the tree's packets take
 *     a hot queue of their own, and a root's queue for an output the tree passes joins the tree's line (D161);
 *     false: a root's queue keeps every packet for its output
 */
public record IsolationParams(int hotQueues, boolean rootQueue, int detectBytes, int stopBytes, int goBytes,
        int markHighBytes, int markLowBytes, int destinations, int notificationBytes, int controlBufferBytes,
        boolean rootYields) {

    /** A root's hot queue yields to the trees notified from downstream (D161). */
    public IsolationParams(int hotQueues, boolean rootQueue, int detectBytes, int stopBytes, int goBytes,
            int markHighBytes, int markLowBytes, int destinations, int notificationBytes, int controlBufferBytes) {
        this(hotQueues, rootQueue, detectBytes, stopBytes, goBytes, markHighBytes, markLowBytes, destinations,
                notificationBytes, controlBufferBytes, true);
    }

    /** Paper VI's EcoCC: 2 HPQs, HTh 6 and LTh 4 packets of 2 KiB, no HPQ at the root, dList of 32. */
    public static final IsolationParams ECOCC = new IsolationParams(2, false, 12 * 1024, 12 * 1024, 8 * 1024,
            12 * 1024, 8 * 1024, 32, 64, 1024);

    public IsolationParams {
        if (hotQueues < 1 || hotQueues > 64) {
            throw new IllegalArgumentException("hot queues per input must be in 1..64: " + hotQueues);
        }
        if (detectBytes < 1 || stopBytes < 1 || goBytes < 0 || goBytes >= stopBytes) {
            throw new IllegalArgumentException("thresholds need detect, stop >= 1 and 0 <= go < stop: " + detectBytes
                    + ", " + stopBytes + ", " + goBytes);
        }
        if (markHighBytes < 1 || markLowBytes < 0 || markLowBytes >= markHighBytes) {
            throw new IllegalArgumentException("marking thresholds need 0 <= low < high: " + markLowBytes + ", "
                    + markHighBytes);
        }
        if (destinations < 1 || notificationBytes < 1 || controlBufferBytes < notificationBytes) {
            throw new IllegalArgumentException("a dList holds >= 1 destination, a notification >= 1 B and the"
                    + " control lane at least one notification");
        }
    }

    /** What summary.json says: the mechanism by its papers' name and its parameters. */
    public String describe(Queueing queues, boolean throttled) {
        String name = queues == Queueing.FIFO ? (throttled ? "CCFIT" : "FBICM")
                : (throttled ? "EcoCC" : "HFDI") + (rootQueue == throttled ? " (root-queue " + rootQueue + ")" : "");
        return name + "(" + hotQueues + " hot queues per input, detect " + detectBytes + " B, stop/go " + stopBytes
                + "/" + goBytes + " B" + (throttled ? ", mark high/low " + markHighBytes + "/" + markLowBytes + " B" : "")
                + ", dList " + destinations + (rootYields ? "" : ", roots keep their outputs") + ")";
    }

    /**
     * The CAM of one switch input in bytes, counted as Paper VI's supplement §8 does: per line 16 CAM cells (output
     * port, hops, next line) and 35 SRAM cells (stop, sentStop, propagated, a 32-bit timer) plus a dList of
     * {@code destinations} × log2(hosts) cells; a line per hot queue, and with EcoCC one per CPQ too (an output
     * other than the input's own: 7 + 2 = 9 lines on 8 ports, 418 bytes at 1024 hosts as the paper counts).
     */
    public long camBytesPerInput(int radix, int hosts) {
        int lines = hotQueues + (rootQueue ? 0 : radix - 1);
        int bits = 32 - Integer.numberOfLeadingZeros(Math.max(1, hosts - 1));
        return ((long) lines * (16 + 35 + (long) destinations * bits) + 7) / 8;
    }
}
