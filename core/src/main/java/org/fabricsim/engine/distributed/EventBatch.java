package org.fabricsim.engine.distributed;

/**
 * Events crossing from LP {@code from} to LP {@code to}, in send order, with the sender's promise: no
 * later message on this channel carries an event earlier than {@code promisePs}. With no events it is a
 * null message (Chandy–Misra–Bryant). Sequence numbers are per channel, from 0, so a lost or reordered
 * batch is detected, never silently absorbed.
 *
 * <p>The sender also states where it stands, for a neighbour that can use it (two LPs, {@link ConservativeLp}):
 * {@code nextEventPs}, its earliest pending event when it sent the batch; {@code receivedBatches}, how many
 * batches it had received on the reverse channel; {@code lookaheadPs}, this channel's lookahead (0: no
 * statement).
 *
 * <p>Event {@code i} is {@code (times[i], ties[i], targets[i], kinds[i])} with {@code stride} payload
 * words {@code payload[i*stride ..]}; what they mean is the model's business. {@code sentNanos} is the
 * sender's {@link System#nanoTime()} when it sent the batch, for measuring the message latency (meaningful
 * between JVMs of one machine only).
 */
public record EventBatch(long runId, int from, int to, long sequence, long promisePs, long nextEventPs,
        long receivedBatches, long lookaheadPs, long[] times, long[] ties, int[] targets, int[] kinds, int stride,
        long[] payload, long sentNanos) implements WireMessage {

    public int size() {
        return times.length;
    }

    public boolean isNull() {
        return times.length == 0;
    }

    public long payload(int event, int word) {
        return payload[event * stride + word];
    }
}
