package org.fabricsim.memory;

import org.fabricsim.InputException;

/**
 * An {@link OutOfMemoryError} that happened in spite of the estimate ({@link MemoryEstimate} is not exact), as
 * one line for the command line: {@code out of memory (Java heap space): raise FABRICSIM_JAVA_OPTS=-Xmx12g (heap
 * was 5.86 GiB)}. Also an ordinary exception that carries such an error out of a thread that must not die of it
 * (a Spark task: Spark's executor would end the JVM on the error itself, before anything is cleaned up).
 */
public final class OutOfMemory extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private static final String MARK = OutOfMemory.class.getName() + ": ";

    public OutOfMemory(String message) {
        super(message);
    }

    /** The line for {@code e}, thrown in a JVM whose heap limit is {@code heapBytes}. */
    public static String line(OutOfMemoryError e, long heapBytes) {
        long doubled = 2 * heapBytes / (1L << 30) + 1;
        String what = e.getMessage() == null ? "" : " (" + e.getMessage() + ")";
        return "out of memory" + what + ": raise FABRICSIM_JAVA_OPTS=-Xmx" + doubled + "g (heap was "
                + MemoryEstimate.format(heapBytes) + ")";
    }

    /** {@link #line(OutOfMemoryError, long)} for this JVM. */
    public static String line(OutOfMemoryError e) {
        return line(e, Runtime.getRuntime().maxMemory());
    }

    /** The error as an ordinary exception with its line (for a thread that must survive it). */
    public static OutOfMemory of(OutOfMemoryError e) {
        return new OutOfMemory(line(e));
    }

    /** The out-of-memory message in {@code t}'s causes ({@link OutOfMemoryError} or this), or null. */
    public static String find(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof OutOfMemoryError e) {
                return line(e);
            }
            if (c instanceof OutOfMemory o) {
                return o.getMessage();
            }
            if (c instanceof InputException) {
                return null;
            }
            String m = c.getMessage();
            int at = m == null ? -1 : m.indexOf(MARK);
            if (at >= 0) { // a Spark task's failure, as text in the job's
                int end = m.indexOf('\n', at);
                return m.substring(at + MARK.length(), end < 0 ? m.length() : end).strip();
            }
        }
        return null;
    }
}
