package org.fabricsim.cli;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.config.Configurator;
import org.fabricsim.io.OutputDirectory;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C (SIGINT) and SIGTERM during a run (docs/OUTPUTS.md, "Commit protocol"). While a command runs an
 * experiment, a shutdown hook aborts the output directories not committed yet ({@link OutputDirectory#abortAll}:
 * the partial files go, and {@code --out} too if the run created it) and prints one line on stderr,
 * {@code fabricsim: interrupted (SIGINT): nothing written to DIR} — or, for a sweep that keeps its finished
 * rounds, {@code ...: results not written; 3 finished rounds kept in DIR/rounds; continue with 'fabricsim sweep
 * --resume DIR'}. The exit status is the JVM's own for these
 * signals, 128 + the signal's number: 130 for SIGINT, 143 for SIGTERM (the JVM's handler runs the hooks, then
 * exits with it; a hook could only replace it with {@code Runtime.halt}, which would cut short the other hooks,
 * Spark's among them). Handlers chained in front of the JVM's only note which signal came, for the line. Outside a
 * run (and after it) nothing is registered: a normal exit is not affected.
 */
final class Interruption {
    private static final List<String> SIGNALS = List.of("INT", "TERM");

    /** The signal that came ({@code SIGINT}), null if none. */
    private static volatile String signal;
    /** stderr as it was before the signal silenced it ({@link #quietStderr}); null before a signal. */
    private static volatile java.io.PrintStream lineStream;
    /** Set when the hook runs: the run's own thread then says nothing more. */
    private static volatile boolean interrupted;

    private Interruption() {
    }

    /** True once the process is being shut down in the middle of a run (the hook has said why). */
    static boolean interrupted() {
        return interrupted;
    }

    /** Runs {@code run}, writing into {@code out}, with the hook registered. */
    static void during(Path out, Runnable run) {
        during(out, () -> null, run);
    }

    /**
     * {@link #during(Path, Runnable)} for a run that keeps some of its work when interrupted (a sweep's finished
     * rounds): {@code kept} says, after the abort, what is left and how to go on (null: nothing), and the line
     * says that instead of "nothing written".
     */
    static void during(Path out, Supplier<String> kept, Runnable run) {
        AtomicBoolean finished = new AtomicBoolean();
        Thread hook = new Thread(() -> onShutdown(out, finished.get(), kept), "fabricsim-interrupted");
        Map<Signal, SignalHandler> previous = noteSignals();
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            run.run();
            finished.set(true);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is shutting down: the hook runs
            }
            previous.forEach(Signal::handle);
        }
    }

    private static void onShutdown(Path out, boolean finished, Supplier<String> kept) {
        interrupted = true;
        java.io.PrintStream err = lineStream != null ? lineStream : System.err;
        String why = "fabricsim: interrupted" + (signal == null ? "" : " (" + signal + ")");
        try {
            List<Path> aborted = OutputDirectory.abortAll();
            String left = finished && aborted.isEmpty() ? null : kept.get();
            err.println(why + (finished && aborted.isEmpty() ? " after writing the results to " + out
                    : left != null ? ": results not written; " + left : ": nothing written to " + out));
        } catch (UncheckedIOException e) {
            err.println(why + ": " + e.getMessage().replace('\n', ' ') + ": "
                    + OutputDirectory.describe(e.getCause()));
        }
        err.flush();
    }

    /**
     * From the signal on, the run's one line is all that is said: Spark stopping in the middle of a job logs
     * errors with stack traces (tasks rejected by an executor shutting down) that tell the user nothing. Done
     * before the JVM's handler starts the shutdown hooks, so before Spark's.
     */
    private static void quietLogging() {
        try {
            Configurator.setAllLevels(LogManager.getRootLogger().getName(), Level.OFF);
        } catch (RuntimeException | LinkageError e) {
            // not Log4j 2 underneath (an embedding application's logging): its lines stay
        }
    }

    /**
     * The same for what bypasses the logging: threads of a Spark executor shutting down print their rejected tasks'
     * stack traces straight to stderr (a Scala future's default reporter). From the signal on, stderr is the
     * run's line only, printed through the stream kept here.
     */
    private static void quietStderr() {
        if (lineStream == null) {
            lineStream = System.err;
            System.setErr(new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
        }
    }

    /** Puts a handler that notes the signal in front of the JVM's for SIGINT and SIGTERM; returns the previous. */
    private static Map<Signal, SignalHandler> noteSignals() {
        Map<Signal, SignalHandler> previous = new LinkedHashMap<>();
        for (String name : SIGNALS) {
            try {
                Signal sig = new Signal(name);
                SignalHandler[] jvms = new SignalHandler[1];
                jvms[0] = Signal.handle(sig, s -> {
                    signal = "SIG" + s.getName();
                    quietLogging();
                    quietStderr();
                    jvms[0].handle(s);
                });
                if (jvms[0] == SignalHandler.SIG_IGN || jvms[0] == SignalHandler.SIG_DFL) {
                    Signal.handle(sig, jvms[0]); // ignored (nohup, a background job) or not the JVM's (-Xrs): leave it
                } else {
                    previous.put(sig, jvms[0]);
                }
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                // the signal is not available here: the line will not name it
            }
        }
        return previous;
    }
}
