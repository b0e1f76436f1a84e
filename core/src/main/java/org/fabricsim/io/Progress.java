package org.fabricsim.io;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.fabricsim.InputException;

/**
 * Progress of a long task on stderr, for people watching a terminal; silent otherwise, so logs
 * and pipes stay clean. {@link #step()} and {@link #stepBy(long)} may be called from any thread;
 * step per unit of real work (a trial, a batch), not per event.
 *
 * <pre>{@code
 * try (Progress p = Progress.start("trials", n)) {
 *     ... p.step(); ...
 * }
 * }</pre>
 *
 * <p>Whether the bar is shown: system property {@value #PROPERTY} = {@code on}, {@code off} or
 * {@code auto} (default). {@code auto} shows it when the JVM has a console
 * ({@code System.console() != null}), i.e. when run interactively in a terminal.
 */
public final class Progress implements AutoCloseable {
    /** The system property that forces the bar on or off. */
    public static final String PROPERTY = "fabricsim.progress";

    private static final int UPDATE_INTERVAL_MS = 200;
    private static final int WIDTH_WITHOUT_TERMINAL = 100;

    /** When to show the bar. */
    public enum Mode {
        ON, OFF, AUTO
    }

    private final LongAdder done = new LongAdder();
    private final ProgressBar bar; // null when silent
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile long total;

    private Progress(ProgressBar bar, long total) {
        this.bar = bar;
        this.total = total < 0 ? -1 : total;
    }

    /**
     * Starts a progress report of {@code total} steps ({@code total < 0}: unknown), shown or not
     * according to {@value #PROPERTY}.
     *
     * @throws InputException if {@value #PROPERTY} has a value other than on, off or auto
     */
    public static Progress start(String task, long total) {
        return start(task, total, modeFromProperty());
    }

    /** Starts a progress report shown according to {@code mode} (bar on stderr). */
    public static Progress start(String task, long total, Mode mode) {
        Objects.requireNonNull(task, "task");
        boolean terminal = System.console() != null;
        boolean show = switch (mode) {
            case ON -> true;
            case OFF -> false;
            case AUTO -> terminal;
        };
        if (!show) {
            return new Progress(null, total);
        }
        // In a terminal the consumer sizes the bar to its width; elsewhere a fixed width avoids
        // probing for a terminal.
        ConsoleProgressBarConsumer consumer = terminal
                ? new ConsoleProgressBarConsumer(System.err)
                : new ConsoleProgressBarConsumer(System.err, WIDTH_WITHOUT_TERMINAL);
        return new Progress(bar(task, total, consumer), total);
    }

    /** Starts a progress report that is always shown, on {@code out} (for tests). */
    static Progress startOn(String task, long total, PrintStream out) {
        Objects.requireNonNull(task, "task");
        return new Progress(bar(task, total, new ConsoleProgressBarConsumer(out, WIDTH_WITHOUT_TERMINAL)), total);
    }

    private static ProgressBar bar(String task, long total, ConsoleProgressBarConsumer consumer) {
        return new ProgressBarBuilder()
                .setTaskName(task)
                .setInitialMax(total < 0 ? -1 : total)
                .setStyle(ProgressBarStyle.ASCII)
                .setUpdateIntervalMillis(UPDATE_INTERVAL_MS)
                .setConsumer(consumer)
                .build();
    }

    /** The mode named by {@value #PROPERTY} ({@link Mode#AUTO} when unset). */
    public static Mode modeFromProperty() {
        String value = System.getProperty(PROPERTY);
        if (value == null || value.isBlank()) {
            return Mode.AUTO;
        }
        try {
            return Mode.valueOf(value.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InputException("system property " + PROPERTY
                    + ": expected on, off or auto, got '" + value + "'");
        }
    }

    /** One step done. */
    public void step() {
        stepBy(1);
    }

    /** {@code n} steps done. */
    public void stepBy(long n) {
        done.add(n);
        if (bar != null) {
            bar.stepBy(n);
        }
    }

    /**
     * Changes the total to {@code total} steps (e.g. when a sweep adds batches to a point that has not
     * converged yet). {@code total < 0}: unknown.
     */
    public void total(long total) {
        this.total = total < 0 ? -1 : total;
        if (bar != null) {
            bar.maxHint(this.total);
        }
    }

    /** The total last set (−1: unknown). */
    public long total() {
        return total;
    }

    /** Steps done so far. */
    public long current() {
        return done.sum();
    }

    /** Whether a bar is being shown. */
    public boolean isShown() {
        return bar != null;
    }

    /** Stops the report (the bar is drawn one last time). Idempotent. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true) && bar != null) {
            bar.close();
        }
    }
}
