package org.fabricsim.stats;

import java.util.Arrays;

/**
 * Message latency as the sink of seed 001's simulator measures it (Mellanox's InfiniBand flit model for OMNeT++,
 * `IBSink`'s "Msg-Network-Latency"; D221): a flow is cut into messages of {@code messageBytes} (its last one
 * shorter), and a message's latency runs from the injection of the first of its packets to arrive to the
 * delivery of the last, counted by packets whatever their order. Per receiver: how many, their sum and their
 * largest, for the Table II style averages over receivers. Allocation-free once built.
 *
 * <p>A sized flow keeps a slot per message; a flow without end keeps {@link #SLOTS} (message k in slot k mod
 * SLOTS), and a packet of a message whose slot still holds an unfinished one (more than SLOTS of its messages
 * overlapping) counts as overflowed, the older message dropped.
 */
final class MessageLatencyMeter {
    static final int SLOTS = 64;

    private final int messageBytes;
    private final int packetsPerMessage;
    private final long[] packetsPerFlow; // 0: endless
    private final int[] slotBase; // per flow: its first slot; its slots run to the next flow's
    private final int[] slotMessage; // per slot: the message it holds, -1: none
    private final int[] slotCount; // packets of it delivered
    private final long[] slotFirstPs; // the injection time of its first packet to arrive
    private final long[] count; // per receiver
    private final long[] sumPs;
    private final long[] maxPs;
    private long overflowed;

    /**
     * @param messageBytes the message size, a multiple of {@code payloadBytes}
     * @param payloadBytes a packet's payload (the MTU: a flow's packets are full but for its last)
     * @param flowBytes per flow its bytes (0: without end)
     * @param hosts receivers
     */
    MessageLatencyMeter(int messageBytes, int payloadBytes, long[] flowBytes, int hosts) {
        if (messageBytes < payloadBytes || messageBytes % payloadBytes != 0) {
            throw new IllegalArgumentException("a message of " + messageBytes + " B is not a whole number of "
                    + payloadBytes + "-byte packets");
        }
        this.messageBytes = messageBytes;
        this.packetsPerMessage = messageBytes / payloadBytes;
        packetsPerFlow = new long[flowBytes.length];
        slotBase = new int[flowBytes.length + 1];
        for (int f = 0; f < flowBytes.length; f++) {
            packetsPerFlow[f] = (flowBytes[f] + payloadBytes - 1) / payloadBytes;
            long slots = flowBytes[f] == 0 ? SLOTS : (packetsPerFlow[f] + packetsPerMessage - 1) / packetsPerMessage;
            if (slotBase[f] + slots > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException("too many messages to follow: make metrics.message-size larger");
            }
            slotBase[f + 1] = (int) (slotBase[f] + slots);
        }
        slotMessage = new int[slotBase[flowBytes.length]];
        Arrays.fill(slotMessage, -1);
        slotCount = new int[slotMessage.length];
        slotFirstPs = new long[slotMessage.length];
        count = new long[hosts];
        sumPs = new long[hosts];
        maxPs = new long[hosts];
    }

    /** Packet {@code seq} of {@code flow} reached {@code dst} at {@code timePs}; counted if its message ends in the window. */
    void delivered(boolean inWindow, long timePs, int flow, int dst, long injectedPs, int seq) {
        int message = seq / packetsPerMessage;
        int slots = slotBase[flow + 1] - slotBase[flow];
        int s = slotBase[flow] + (message < slots ? message : message % slots);
        if (slotMessage[s] != message) {
            if (slotMessage[s] >= 0) {
                overflowed++;
            }
            slotMessage[s] = message;
            slotCount[s] = 0;
            slotFirstPs[s] = injectedPs;
        }
        long total = packetsPerFlow[flow];
        long packets = total == 0 ? packetsPerMessage : Math.min(packetsPerMessage, total - (long) message * packetsPerMessage);
        if (++slotCount[s] < packets) {
            return;
        }
        slotMessage[s] = -1;
        if (inWindow) {
            long latency = timePs - slotFirstPs[s];
            count[dst]++;
            sumPs[dst] += latency;
            maxPs[dst] = Math.max(maxPs[dst], latency);
        }
    }

    void merge(MessageLatencyMeter other) {
        for (int h = 0; h < count.length; h++) {
            count[h] += other.count[h];
            sumPs[h] += other.sumPs[h];
            maxPs[h] = Math.max(maxPs[h], other.maxPs[h]);
        }
        overflowed += other.overflowed;
    }

    /**
     * The figures: messages counted, their mean, the mean over receivers of each receiver's mean ("average of
     * averages") and the largest, in ns; receivers without a message are left out (D121).
     */
    MessageLatency summary() {
        long messages = 0;
        long sum = 0;
        long max = 0;
        double sumOfMeans = 0;
        int receivers = 0;
        for (int h = 0; h < count.length; h++) {
            if (count[h] > 0) {
                messages += count[h];
                sum += sumPs[h];
                max = Math.max(max, maxPs[h]);
                sumOfMeans += (double) sumPs[h] / count[h];
                receivers++;
            }
        }
        return new MessageLatency(messageBytes, messages, overflowed, messages == 0 ? Double.NaN : sum / 1e3 / messages,
                receivers == 0 ? Double.NaN : sumOfMeans / 1e3 / receivers, messages == 0 ? Double.NaN : max / 1e3);
    }

    /** {@link MessageLatencyMeter}'s figures, latencies in ns. */
    public record MessageLatency(int messageBytes, long messages, long overflowed, double meanNs, double avgOfAvgNs,
            double maxOfMaxNs) {
    }
}
