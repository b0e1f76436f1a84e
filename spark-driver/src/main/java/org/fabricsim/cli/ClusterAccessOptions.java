package org.fabricsim.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fabricsim.InputException;
import org.fabricsim.engine.distributed.ClusterTls;
import org.fabricsim.engine.distributed.OpenPortRule;
import picocli.CommandLine.Option;

/** How a cluster member is reached: its TLS keys, or the insecure switch (docs/DISTRIBUTED.md, "Security"). */
final class ClusterAccessOptions {
    @Option(names = "--tls-key-store", paramLabel = "FILE",
            description = "The cluster's key (PKCS12, from 'fabricsim cluster-keys'): talk TLS with mutual"
                    + " authentication. Needs --tls-trust-store.")
    Path keyStore;

    @Option(names = "--tls-trust-store", paramLabel = "FILE", description = "The cluster's certificate (PKCS12).")
    Path trustStore;

    @Option(names = "--tls-password-file", paramLabel = "FILE",
            description = "The stores' password (first line); without it, the variable "
                    + ClusterTls.PASSWORD_VARIABLE + ".")
    Path passwordFile;

    @Option(names = "--insecure",
            description = "Listen on a non-loopback HOST without TLS (a warning is printed at every start).")
    boolean insecure;

    /** The keys, checked, or null for plain TCP; refuses a non-loopback {@code host} without them. */
    ClusterTls open(String command, String host) {
        ClusterTls tls = null;
        if (keyStore == null) {
            if (trustStore != null || passwordFile != null) {
                throw new InputException(command + ": --tls-trust-store and --tls-password-file need --tls-key-store");
            }
        } else if (trustStore == null) {
            throw new InputException(command + ": --tls-key-store needs --tls-trust-store");
        } else {
            tls = ClusterTls.open(keyStore, trustStore, passwordFile, command + ": --tls");
        }
        OpenPortRule.check(host, tls != null, insecure, command + ": --host", "--tls-key-store", "--insecure")
                .ifPresent(w -> System.err.println("fabricsim " + command + ": " + w));
        return tls;
    }

    /** The same options again, for a node this command starts. */
    List<String> arguments() {
        List<String> args = new ArrayList<>();
        if (keyStore != null) {
            args.addAll(List.of("--tls-key-store", keyStore.toAbsolutePath().toString(), "--tls-trust-store",
                    trustStore.toAbsolutePath().toString()));
        }
        if (passwordFile != null) {
            args.addAll(List.of("--tls-password-file", passwordFile.toAbsolutePath().toString()));
        }
        if (insecure) {
            args.add("--insecure");
        }
        return args;
    }
}
