package org.fabricsim.ib;

import java.util.Objects;

/**
 * The parameters of the packet model; defaults in {@code conf/defaults.conf} ({@code packet { ... }}),
 * documented in docs/PACKET_MODEL.md.
 *
 * @param mtuBytes largest payload of one packet; messages are cut into packets of this size (MTU segmentation)
 * @param overheadBytes header + trailer bytes of every packet on the wire (calibrated: 131 B on a 2 KiB MTU
 *     gives 188 Gbps of payload on a 200 Gbps link, seed 004 §IV-A)
 * @param virtualLanes data VLs per port (1..16)
 * @param bufferBytes switch input buffer per port and VL
 * @param hcaBufferBytes HCA receive buffer per VL
 * @param creditBytes credit unit: buffer space is counted and returned in blocks of this many bytes (64 in
 *     InfiniBand; 1 = bytes)
 * @param queueing FIFO input queues (HOL blocking) or virtual output queues
 * @param speedup packets one input buffer may send at once to different outputs (1..); 0 = unlimited
 * @param arbitration output-port arbitration over input ports
 * @param vlArbitration arbitration over VLs at every output
 * @param switchLatencyPs from a packet's head winning an output to its head entering the cable (crossbar
 *     traversal), added to the cable's propagation latency
 * @param hcaSendRateBps the most a host sends in all (wire bits per second); 0 = its link rate
 * @param hcaReceiveRateBps the most a host takes in (wire bits per second); 0 = its link rate
 * @param rateMatchedCutThrough false: a packet may win an output once its head is in, and a faster output
 *     then waits for its tail (D80); true: a packet from a slower input becomes eligible only when its tail
 *     will be in by the time the output needs it — as real switches, which cannot cut through into a faster
 *     link without underrun, do (D229)
 * @param streamedPacing false: a source hands each packet over whole, to leave at line rate; true: it makes the
 *     packet's bytes at its flow's rate (and at most at the host's send rate) and they leave as they are made, so
 *     the packet's tail trails its head by its size at that rate and it holds every output it cuts through until
 *     then — the generator of Mellanox's flit model, the simulator of seeds 001 and 002 (D232)
 */
public record PacketParams(int mtuBytes, int overheadBytes, int virtualLanes, int bufferBytes, int hcaBufferBytes,
        int creditBytes, Queueing queueing, int speedup, Arbitration arbitration, VlArbitration vlArbitration,
        long switchLatencyPs, long hcaSendRateBps, long hcaReceiveRateBps, boolean rateMatchedCutThrough,
        boolean streamedPacing, long pacingMessageBytes) {

    public PacketParams {
        Objects.requireNonNull(queueing, "queueing");
        Objects.requireNonNull(arbitration, "arbitration");
        Objects.requireNonNull(vlArbitration, "vlArbitration");
        if (mtuBytes < 1 || overheadBytes < 0 || creditBytes < 1) {
            throw new IllegalArgumentException("MTU and credit unit must be >= 1 byte, overhead >= 0");
        }
        if (mtuBytes + (long) overheadBytes > 1 << 20) {
            throw new IllegalArgumentException("a packet (MTU + overhead) is at most 1 MiB: " + mtuBytes + " + "
                    + overheadBytes);
        }
        if (virtualLanes < 1 || (virtualLanes > 16 && queueing != Queueing.VOQ_NET)) {
            throw new IllegalArgumentException("virtual lanes must be in 1..16: " + virtualLanes);
        }
        long packet = packetBlocksBytes(mtuBytes + (long) overheadBytes, creditBytes);
        if (bufferBytes < packet || hcaBufferBytes < packet) {
            throw new IllegalArgumentException("buffers (" + bufferBytes + " B, HCA " + hcaBufferBytes
                    + " B) must hold one full packet (" + packet + " B in " + creditBytes + "-byte credits)");
        }
        if (speedup < 0 || switchLatencyPs < 0 || hcaSendRateBps < 0 || hcaReceiveRateBps < 0) {
            throw new IllegalArgumentException("speedup, latency and rates must be >= 0");
        }
        if (pacingMessageBytes < 0 || (pacingMessageBytes > 0 && streamedPacing)) {
            throw new IllegalArgumentException("a pacing message must be >= 0 bytes, and 0 with streamed pacing: "
                    + pacingMessageBytes);
        }
    }

    /**
     * The parameters the network's elements work with on {@code hosts} hosts: with VOQnet a lane per destination
     * (served round-robin), else these.
     */
    PacketParams forHosts(int hosts) {
        return queueing == Queueing.VOQ_NET ? withVirtualLanes(hosts, VlArbitration.ROUND_ROBIN) : this;
    }

    /** The defaults of conf/defaults.conf. */
    public static PacketParams defaults() {
        return new PacketParams(2048, 131, 1, 32 * 1024, 32 * 1024, 64, Queueing.VOQ, 0, Arbitration.ROUND_ROBIN,
                VlArbitration.ROUND_ROBIN, 100_000, 0, 0, false, false, 0);
    }

    private static long packetBlocksBytes(long wire, int unit) {
        return (wire + unit - 1) / unit * unit;
    }

    public PacketParams withMtu(int mtu, int overhead) {
        return new PacketParams(mtu, overhead, virtualLanes, bufferBytes, hcaBufferBytes, creditBytes, queueing,
                speedup, arbitration, vlArbitration, switchLatencyPs, hcaSendRateBps, hcaReceiveRateBps,
                rateMatchedCutThrough, streamedPacing, pacingMessageBytes);
    }

    public PacketParams withBuffers(int bytes, int hcaBytes) {
        return new PacketParams(mtuBytes, overheadBytes, virtualLanes, bytes, hcaBytes, creditBytes, queueing,
                speedup, arbitration, vlArbitration, switchLatencyPs, hcaSendRateBps, hcaReceiveRateBps,
                rateMatchedCutThrough, streamedPacing, pacingMessageBytes);
    }

    public PacketParams withSwitch(Queueing q, int speedupValue, Arbitration a) {
        return new PacketParams(mtuBytes, overheadBytes, virtualLanes, bufferBytes, hcaBufferBytes, creditBytes, q,
                speedupValue, a, vlArbitration, switchLatencyPs, hcaSendRateBps, hcaReceiveRateBps,
                rateMatchedCutThrough, streamedPacing, pacingMessageBytes);
    }

    public PacketParams withVirtualLanes(int vls, VlArbitration vlArb) {
        return new PacketParams(mtuBytes, overheadBytes, vls, bufferBytes, hcaBufferBytes, creditBytes, queueing,
                speedup, arbitration, vlArb, switchLatencyPs, hcaSendRateBps, hcaReceiveRateBps,
                rateMatchedCutThrough, streamedPacing, pacingMessageBytes);
    }

    public PacketParams withHcaRates(long sendBps, long receiveBps) {
        return new PacketParams(mtuBytes, overheadBytes, virtualLanes, bufferBytes, hcaBufferBytes, creditBytes,
                queueing, speedup, arbitration, vlArbitration, switchLatencyPs, sendBps, receiveBps,
                rateMatchedCutThrough, streamedPacing, pacingMessageBytes);
    }

    public PacketParams withSwitchLatency(long ps) {
        return new PacketParams(mtuBytes, overheadBytes, virtualLanes, bufferBytes, hcaBufferBytes, creditBytes,
                queueing, speedup, arbitration, vlArbitration, ps, hcaSendRateBps, hcaReceiveRateBps,
                rateMatchedCutThrough, streamedPacing, pacingMessageBytes);
    }

    public PacketParams withRateMatchedCutThrough(boolean on) {
        return new PacketParams(mtuBytes, overheadBytes, virtualLanes, bufferBytes, hcaBufferBytes, creditBytes,
                queueing, speedup, arbitration, vlArbitration, switchLatencyPs, hcaSendRateBps, hcaReceiveRateBps, on,
                streamedPacing, pacingMessageBytes);
    }

    public PacketParams withStreamedPacing(boolean on) {
        return new PacketParams(mtuBytes, overheadBytes, virtualLanes, bufferBytes, hcaBufferBytes, creditBytes,
                queueing, speedup, arbitration, vlArbitration, switchLatencyPs, hcaSendRateBps, hcaReceiveRateBps,
                rateMatchedCutThrough, on, pacingMessageBytes);
    }

    public PacketParams withMessagePacing(long messageBytes) {
        return new PacketParams(mtuBytes, overheadBytes, virtualLanes, bufferBytes, hcaBufferBytes, creditBytes,
                queueing, speedup, arbitration, vlArbitration, switchLatencyPs, hcaSendRateBps, hcaReceiveRateBps,
                rateMatchedCutThrough, streamedPacing, messageBytes);
    }

    public PacketParams withCreditUnit(int bytes) {
        return new PacketParams(mtuBytes, overheadBytes, virtualLanes, bufferBytes, hcaBufferBytes, bytes, queueing,
                speedup, arbitration, vlArbitration, switchLatencyPs, hcaSendRateBps, hcaReceiveRateBps,
                rateMatchedCutThrough, streamedPacing, pacingMessageBytes);
    }
}
