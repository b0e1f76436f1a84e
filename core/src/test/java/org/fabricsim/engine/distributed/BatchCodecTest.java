package org.fabricsim.engine.distributed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Batches as bytes on a direct channel: every field back as it was, and a frame that does not add up refused. */
class BatchCodecTest {
    private static EventBatch random(Random r, int events, int stride) {
        long[] times = new long[events];
        long[] ties = new long[events];
        int[] targets = new int[events];
        int[] kinds = new int[events];
        long[] payload = new long[events * stride];
        for (int i = 0; i < events; i++) {
            times[i] = r.nextLong();
            ties[i] = r.nextLong();
            targets[i] = r.nextInt();
            kinds[i] = r.nextInt();
        }
        for (int i = 0; i < payload.length; i++) {
            payload[i] = r.nextLong();
        }
        return new EventBatch(r.nextLong(), r.nextInt(1000), r.nextInt(1000), r.nextLong(), r.nextLong(), r.nextLong(),
                r.nextLong(), r.nextLong(), times, ties, targets, kinds, stride, payload, r.nextLong());
    }

    /** Every field of {@code b} equals {@code a}'s (the direct channels' tests compare with it too). */
    static void assertSame(EventBatch a, EventBatch b) {
        assertEquals(List.of(a.runId(), a.sequence(), a.promisePs(), a.nextEventPs(), a.receivedBatches(),
                a.lookaheadPs(), a.sentNanos(), (long) a.from(), (long) a.to(), (long) a.stride()),
                List.of(b.runId(), b.sequence(), b.promisePs(), b.nextEventPs(), b.receivedBatches(),
                        b.lookaheadPs(), b.sentNanos(), (long) b.from(), (long) b.to(), (long) b.stride()));
        assertArrayEquals(a.times(), b.times());
        assertArrayEquals(a.ties(), b.ties());
        assertArrayEquals(a.targets(), b.targets());
        assertArrayEquals(a.kinds(), b.kinds());
        assertArrayEquals(a.payload(), b.payload());
    }

    @Test
    void everyFieldComesBackAsItWasWhateverTheSize() throws IOException {
        Random r = new Random(11);
        BatchCodec codec = new BatchCodec(); // reused, as a writing LP does: its buffer grows and is overwritten
        for (int[] shape : new int[][] {{0, 0}, {0, 3}, {1, 0}, {5, 1}, {212, 2}, {20_000, 3}, {3, 2}}) {
            EventBatch b = random(r, shape[0], shape[1]);
            int length = codec.encode(b);
            assertSame(b, BatchCodec.decode(Arrays.copyOf(codec.bytes(), length), 0, length));
            byte[] within = new byte[length + 11]; // as a channel reads it: after a length word, before the next
            System.arraycopy(codec.bytes(), 0, within, 4, length);
            assertSame(b, BatchCodec.decode(within, 4, length));
        }
    }

    @Test
    void aFrameWhoseSizesDoNotAddUpIsRefused() {
        BatchCodec codec = new BatchCodec();
        int length = codec.encode(random(new Random(5), 10, 2));
        byte[] frame = Arrays.copyOf(codec.bytes(), length);
        assertThrows(IOException.class, () -> BatchCodec.decode(frame, 0, length - 1)); // cut short
        assertThrows(IOException.class, () -> BatchCodec.decode(frame, 0, 20)); // shorter than a header
        byte[] wrongCount = frame.clone();
        wrongCount[64] = 11; // the event count (after 7 longs, from and to) no longer matches the bytes
        assertThrows(IOException.class, () -> BatchCodec.decode(wrongCount, 0, length));
        Random r = new Random(9);
        for (int k = 0; k < 200; k++) { // junk is refused as a malformed frame, never another exception
            byte[] junk = new byte[64 + r.nextInt(400)];
            r.nextBytes(junk);
            assertThrows(IOException.class, () -> BatchCodec.decode(junk, 0, junk.length));
        }
    }
}
