package org.fabricsim.engine.distributed;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * An {@link EventBatch} as bytes on a {@link DirectChannels} channel (D192): a fixed header and the event
 * arrays copied whole, little-endian. Kryo wrote every long as a variable-length number through its record
 * serializer, 17 µs per batch on the sender's side of every window across JVMs; the arrays are already
 * in the form a copy can move. Not thread-safe: one codec per writing LP and one per reader thread.
 *
 * <p>Layout: run id, sequence, promise, next event, received batches, lookahead, sent nanos (8 bytes each),
 * from, to, events n, stride, payload words m (4 bytes each), then times and ties (n × 8 bytes each), targets
 * and kinds (n × 4 bytes each), payload (m × 8 bytes).
 */
final class BatchCodec {
    private static final int HEADER_BYTES = 7 * Long.BYTES + 5 * Integer.BYTES;

    private ByteBuffer buffer = ByteBuffer.allocate(64 << 10).order(ByteOrder.LITTLE_ENDIAN);

    /** Encodes {@code b}; the bytes are {@link #bytes()} from 0 to the returned length, until the next call. */
    int encode(EventBatch b) {
        int n = b.times().length;
        int m = b.payload().length;
        long length = HEADER_BYTES + (long) n * (2 * Long.BYTES + 2 * Integer.BYTES) + (long) m * Long.BYTES;
        if (length > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("a batch of " + n + " events does not fit a frame");
        }
        ensure((int) length);
        ByteBuffer out = buffer.clear();
        out.putLong(b.runId()).putLong(b.sequence()).putLong(b.promisePs()).putLong(b.nextEventPs())
                .putLong(b.receivedBatches()).putLong(b.lookaheadPs()).putLong(b.sentNanos());
        out.putInt(b.from()).putInt(b.to()).putInt(n).putInt(b.stride()).putInt(m);
        int at = HEADER_BYTES;
        out.position(at).asLongBuffer().put(b.times());
        at += n * Long.BYTES;
        out.position(at).asLongBuffer().put(b.ties());
        at += n * Long.BYTES;
        out.position(at).asIntBuffer().put(b.targets());
        at += n * Integer.BYTES;
        out.position(at).asIntBuffer().put(b.kinds());
        at += n * Integer.BYTES;
        out.position(at).asLongBuffer().put(b.payload());
        return (int) length;
    }

    /** The encoding buffer's bytes (its first {@link #encode} bytes are the last batch encoded). */
    byte[] bytes() {
        return buffer.array();
    }

    /** The batch in {@code frame[offset .. offset + length)}; a frame whose sizes do not add up is refused. */
    static EventBatch decode(byte[] frame, int offset, int length) throws IOException {
        if (length < HEADER_BYTES) {
            throw new IOException("a frame of " + length + " bytes is shorter than a batch's header");
        }
        ByteBuffer in = ByteBuffer.wrap(frame, offset, length).slice().order(ByteOrder.LITTLE_ENDIAN);
        long runId = in.getLong();
        long sequence = in.getLong();
        long promisePs = in.getLong();
        long nextEventPs = in.getLong();
        long receivedBatches = in.getLong();
        long lookaheadPs = in.getLong();
        long sentNanos = in.getLong();
        int from = in.getInt();
        int to = in.getInt();
        int n = in.getInt();
        int stride = in.getInt();
        int m = in.getInt();
        long expected = HEADER_BYTES + (long) n * (2 * Long.BYTES + 2 * Integer.BYTES) + (long) m * Long.BYTES;
        if (n < 0 || m < 0 || stride < 0 || (long) n * stride != m || expected != length) {
            throw new IOException("a malformed batch: " + n + " events of " + stride + " words, " + m
                    + " payload words in " + length + " bytes");
        }
        long[] times = new long[n];
        long[] ties = new long[n];
        int[] targets = new int[n];
        int[] kinds = new int[n];
        long[] payload = new long[m];
        int at = HEADER_BYTES;
        in.position(at).asLongBuffer().get(times);
        at += n * Long.BYTES;
        in.position(at).asLongBuffer().get(ties);
        at += n * Long.BYTES;
        in.position(at).asIntBuffer().get(targets);
        at += n * Integer.BYTES;
        in.position(at).asIntBuffer().get(kinds);
        at += n * Integer.BYTES;
        in.position(at).asLongBuffer().get(payload);
        return new EventBatch(runId, from, to, sequence, promisePs, nextEventPs, receivedBatches, lookaheadPs, times,
                ties, targets, kinds, stride, payload, sentNanos);
    }

    private void ensure(int length) {
        if (buffer.capacity() < length) {
            buffer = ByteBuffer.allocate(Math.max(length, 2 * buffer.capacity())).order(ByteOrder.LITTLE_ENDIAN);
        }
    }
}
