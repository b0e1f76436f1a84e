package org.fabricsim.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import org.fabricsim.InputException;
import org.fabricsim.experiment.Experiments;
import org.fabricsim.io.OutputDirectory;
import org.fabricsim.memory.OutOfMemory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;

/**
 * The {@code fabricsim} command line. A user mistake (an {@link InputException} or a bad option) prints one
 * line on stderr and exits with status 2; a run that cannot write its results prints one line and exits
 * with 1; so does one that runs out of memory ({@link OutOfMemory}); anything else is a bug, printed with its
 * stack trace, status 1. A run interrupted by Ctrl-C or SIGTERM removes what it staged, prints one line and
 * exits with 130 or 143 ({@link Interruption}). A packet run that deadlocked writes its results, prints one
 * line and exits with {@link #DEADLOCK} (docs/OUTPUTS.md, "Exit status").
 */
@Command(name = "fabricsim", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Simulator of lossless cluster interconnects (InfiniBand fat trees and Clos networks).",
        subcommands = {DemoCommand.class, RunCommand.class, SweepCommand.class, ContentionCommand.class,
                SimulateCommand.class, TopologyCommand.class, NodeCommand.class, NodesCommand.class,
                ClusterKeysCommand.class, PartitionCommand.class, ReproduceCommand.class, CommandLine.HelpCommand.class})
public final class Main implements java.util.concurrent.Callable<Integer> {
    /** Exit status of a packet run that ended in a credit-loop deadlock (3 is topology --check's "not clean"). */
    static final int DEADLOCK = 4;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Where commands print their results (stdout, or a test's buffer). */
    final PrintStream out;

    Main(PrintStream out) {
        this.out = out;
    }

    /** Without a command: the usage on stderr and status 2, a mistake like a bad option. */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return 2;
    }

    public static void main(String[] args) {
        System.exit(execute(args, System.out, System.err));
    }

    /** Runs a command line and returns the exit status (used by tests in-process). */
    public static int execute(String[] args, PrintStream out, PrintStream err) {
        CommandLine cl = new CommandLine(new Main(out));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        cl.setParameterExceptionHandler((ex, a) -> {
            String sub = ex.getCommandLine().getCommandName();
            err.println("fabricsim: " + ex.getMessage().replace('\n', ' ') + " (see 'fabricsim "
                    + (sub.equals("fabricsim") ? "" : sub + " ") + "--help')");
            return 2;
        });
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            if (Interruption.interrupted()) {
                return 1; // Ctrl-C or SIGTERM: the shutdown hook said why, and the JVM exits with 130 or 143
            }
            InputException input = inputCause(ex);
            if (input != null) {
                err.println("fabricsim: " + input.getMessage().replace('\n', ' '));
                return 2;
            }
            if (ex instanceof org.fabricsim.engine.distributed.DistributedRunException run) {
                // a member lost, a channel broken, another build: the run cannot finish; nothing was written
                err.println("fabricsim: distributed run aborted: " + run.getMessage().replace('\n', ' '));
                return 1;
            }
            if (ex instanceof java.io.UncheckedIOException io) {
                // the run could not write its results (disk full, a directory in the way): say why, no trace
                err.println("fabricsim: " + io.getMessage().replace('\n', ' '));
                return 1;
            }
            String memory = OutOfMemory.find(ex); // a worker's error, rethrown wrapped
            if (memory != null) {
                return outOfMemory(err, memory);
            }
            err.println("fabricsim: internal error: " + ex);
            ex.printStackTrace(err);
            return 1;
        });
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError e) {
            return outOfMemory(err, OutOfMemory.line(e));
        }
    }

    /**
     * An {@link OutOfMemoryError} the estimate did not foresee (docs/CONFIG.md, "Memory"): what the run staged is
     * gone (the output directory's own clean-up ran as the error unwound it; {@link OutputDirectory#abortAll} for
     * any other still open), one line, status 1.
     */
    private static int outOfMemory(PrintStream err, String line) {
        try {
            OutputDirectory.abortAll();
        } catch (java.io.UncheckedIOException e) {
            err.println("fabricsim: " + e.getMessage().replace('\n', ' '));
        }
        err.println("fabricsim: " + line);
        return 1;
    }

    private static InputException inputCause(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof InputException ie) {
                return ie;
            }
        }
        return null;
    }

    static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"fabricsim " + Experiments.version()};
        }
    }
}
