package org.fabricsim.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.fabricsim.InputException;
import org.fabricsim.engine.distributed.ClusterKeys;
import org.fabricsim.engine.distributed.ClusterTls;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * Makes a cluster's TLS identity for trying things (docs/DISTRIBUTED.md, "Security"): one self-signed key that
 * every member holds, a trust store with only its certificate, and a random password ({@link ClusterKeys}).
 */
@Command(name = "cluster-keys", mixinStandardHelpOptions = true,
        description = "Create a self-signed cluster key store, trust store and password file in DIR for TLS between"
                + " cluster members (engine.cluster.tls.*, fabricsim node --tls-*).")
final class ClusterKeysCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Parameters(paramLabel = "DIR", description = "Directory for the three files (created if missing).")
    Path dir;

    @Option(names = "--days", defaultValue = "365", paramLabel = "N",
            description = "How long the certificate is valid. Default: ${DEFAULT-VALUE}.")
    int days;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (days < 1 || days > 36_500) {
            throw new InputException("cluster-keys: --days must be in 1..36500, got " + days);
        }
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new InputException("cluster-keys: " + dir + " is not a directory");
        }
        try {
            ClusterKeys.create(dir, days);
        } catch (InputException e) {
            throw new InputException("cluster-keys: " + e.getMessage(), e);
        }
        main.out.println("cluster keys in " + dir + ": " + ClusterKeys.KEY_STORE + " (the key every member holds), "
                + ClusterKeys.TRUST_STORE + " (the certificate members trust), " + ClusterKeys.PASSWORD
                + " (owner-readable only)");
        main.out.println("  driver: --set engine.cluster.tls.key-store=" + dir.resolve(ClusterKeys.KEY_STORE)
                + " --set engine.cluster.tls.trust-store=" + dir.resolve(ClusterKeys.TRUST_STORE)
                + " --set engine.cluster.tls.password-file=" + dir.resolve(ClusterKeys.PASSWORD));
        main.out.println("  node:   --tls-key-store " + dir.resolve(ClusterKeys.KEY_STORE) + " --tls-trust-store "
                + dir.resolve(ClusterKeys.TRUST_STORE) + " --tls-password-file " + dir.resolve(ClusterKeys.PASSWORD)
                + "  (or " + ClusterTls.PASSWORD_VARIABLE + " instead of the file)");
        return 0;
    }
}
