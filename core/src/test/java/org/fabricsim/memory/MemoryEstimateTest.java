package org.fabricsim.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.fabricsim.InputException;
import org.junit.jupiter.api.Test;

class MemoryEstimateTest {
    private static final long MIB = 1L << 20;
    private static final long GIB = 1L << 30;

    private static MemoryEstimate run() {
        return new MemoryEstimate().add("the JVM", 1, 48 * MIB, "a larger heap")
                .add("throughput bins (10 flows × 100 bins)", 1000, 3 * MIB, "a coarser metrics.bin-width");
    }

    @Test
    void aRunThatFitsPasses() {
        run().requireFits(4 * GIB, 16 * GIB);
    }

    @Test
    void aRunThatDoesNotFitIsOneLineNamingTheLargestStructureAndTheHeapToAsk() {
        InputException e = assertThrows(InputException.class, () -> run().requireFits(GIB, 16 * GIB));
        assertEquals("not enough memory: this run needs about 2.98 GiB, 2.93 GiB of it for throughput bins (10 flows"
                + " × 100 bins), and the heap allows 1.00 GiB: use a coarser metrics.bin-width, or raise the heap with"
                + " FABRICSIM_JAVA_OPTS=-Xmx3g", e.getMessage());
    }

    @Test
    void aRunLargerThanTheMachineDoesNotAskForMoreHeap() {
        InputException e = assertThrows(InputException.class, () -> run().requireFits(GIB, 2 * GIB));
        assertEquals("not enough memory: this run needs about 2.98 GiB, 2.93 GiB of it for throughput bins (10 flows"
                + " × 100 bins), and the heap allows 1.00 GiB: use a coarser metrics.bin-width (more than this"
                + " machine's 2.00 GiB)", e.getMessage());
    }

    @Test
    void countsSaturateInsteadOfOverflowing() {
        MemoryEstimate m = new MemoryEstimate().add("a", 1e30, 8, "x").add("b", 1, 8, "y");
        assertEquals(Long.MAX_VALUE, m.bytes());
    }

    @Test
    void anOutOfMemoryErrorIsOneLineAskingForTwiceTheHeap() {
        assertEquals("out of memory (Java heap space): raise FABRICSIM_JAVA_OPTS=-Xmx9g (heap was 4.00 GiB)",
                OutOfMemory.line(new OutOfMemoryError("Java heap space"), 4 * GIB));
        assertEquals("out of memory (Java heap space): raise FABRICSIM_JAVA_OPTS=-Xmx9g (heap was 4.00 GiB)",
                OutOfMemory.find(new IllegalStateException(new OutOfMemory(
                        OutOfMemory.line(new OutOfMemoryError("Java heap space"), 4 * GIB)))));
    }
}
