package org.fabricsim.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * The main class {@code spark-submit} runs (docs/SPARK.md):
 * {@code spark-submit --class org.fabricsim.cli.SweepMain … fabricsim-spark.jar EXPERIMENT.conf --out DIR
 * [--set k=v]...} (or {@code --resume DIR}), the same as {@code fabricsim sweep} with the master
 * {@code spark-submit} chose. Returns
 * normally on success (YARN's cluster mode treats an early {@code System.exit} as a failure); exits with the
 * command line's status otherwise.
 */
public final class SweepMain {
    private SweepMain() {
    }

    public static void main(String[] args) {
        List<String> command = new ArrayList<>(List.of("sweep"));
        command.addAll(List.of(args));
        int status = Main.execute(command.toArray(String[]::new), System.out, System.err);
        if (status != 0) {
            System.exit(status);
        }
    }
}
