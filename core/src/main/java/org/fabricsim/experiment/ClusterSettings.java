package org.fabricsim.experiment;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.fabricsim.config.ExperimentConfig;
import org.fabricsim.engine.distributed.ClusterConfig;
import org.fabricsim.engine.distributed.ClusterTls;
import org.fabricsim.engine.distributed.OpenPortRule;

/**
 * The driver's {@code engine.cluster.*} settings (docs/CONFIG.md): where it listens, whom it joins, which
 * members it expects (a count, or the other members' addresses), its TLS keys, and how batches travel between
 * LPs on different members.
 *
 * @param expected the other members' {@code host:port} when listed; empty when only a count is given
 * @param members the members the run needs, this driver included
 * @param warning printed at start when the insecure switch lets a plain-TCP member listen beyond loopback
 * @param directChannels {@code engine.cluster.channels = direct}: batches between LPs on different members go
 *     straight over a TCP connection per channel; {@code artery}: through Pekko's Artery with the other messages
 * @param driverRunsLps {@code engine.cluster.driver-runs-lps}: the driver takes LPs like the other members; false:
 *     it only coordinates and merges, and the LPs go to the others
 */
record ClusterSettings(String host, int port, List<String> seedNodes, int members, List<String> expected,
        Duration joinTimeout, ClusterTls tls, Optional<String> warning, boolean directChannels, boolean driverRunsLps) {
    private static final String PREFIX = "pekko://" + ClusterConfig.SYSTEM_NAME + "@";

    static ClusterSettings of(ExperimentConfig c) {
        String host = c.string("engine.cluster.host");
        int port = c.integer("engine.cluster.port", 0, 65535);
        List<String> seeds = c.strings("engine.cluster.seed-nodes");
        for (String s : seeds) {
            address(c, "engine.cluster.seed-nodes", s, true);
        }
        List<String> expected = new ArrayList<>();
        int members;
        if (c.isList("engine.cluster.members")) {
            for (String m : c.strings("engine.cluster.members")) {
                String a = address(c, "engine.cluster.members", m, false);
                if (expected.contains(a)) {
                    throw c.error("engine.cluster.members", "'" + m + "' is listed twice");
                }
                expected.add(a);
            }
            if (expected.isEmpty()) {
                throw c.error("engine.cluster.members", "lists no member: give the nodes' HOST:PORT, or a count");
            }
            members = expected.size() + 1;
        } else {
            members = c.integer("engine.cluster.members", 1, 10_000);
        }
        // a time key reads in picoseconds
        Duration joinTimeout = Duration.ofNanos(c.time("engine.cluster.join-timeout") / 1000);
        ClusterTls tls = tls(c);
        Optional<String> warning = OpenPortRule.check(host, tls != null, c.bool("engine.cluster.insecure"),
                "engine.cluster.host", "engine.cluster.tls.key-store", "engine.cluster.insecure = true");
        boolean direct = c.choice("engine.cluster.channels", List.of("direct", "artery")).equals("direct");
        boolean driverRunsLps = c.bool("engine.cluster.driver-runs-lps");
        if (!driverRunsLps && members < 2) {
            throw c.error("engine.cluster.driver-runs-lps", "false needs a member besides the driver to run the LPs,"
                    + " but engine.cluster.members is 1");
        }
        // the settings first, then whether this machine can listen where they say
        try {
            ClusterConfig.requireFreePort(host, port, "engine.cluster.port");
        } catch (org.fabricsim.InputException e) {
            throw c.errorAt("engine.cluster.port", e);
        }
        return new ClusterSettings(host, port, seeds, members, List.copyOf(expected), joinTimeout, tls, warning,
                direct, driverRunsLps);
    }

    /**
     * The {@code HOST:PORT} of {@code value}, checked: written {@code pekko://fabricsim@HOST:PORT}, as a seed node
     * must be, or plain when {@code seed} is false.
     */
    private static String address(ExperimentConfig c, String key, String value, boolean seed) {
        String hostPort = value.startsWith(PREFIX) ? value.substring(PREFIX.length()) : seed ? "" : value;
        int colon = hostPort.lastIndexOf(':');
        boolean ok = colon > 0 && colon < hostPort.length() - 1;
        if (ok) {
            try {
                int p = Integer.parseInt(hostPort.substring(colon + 1));
                ok = p > 0 && p <= 65535;
            } catch (NumberFormatException e) {
                ok = false;
            }
        }
        if (!ok) {
            throw c.error(key, "'" + value + "' is not " + (seed ? PREFIX : "")
                    + "HOST:PORT with a port in 1..65535");
        }
        return hostPort;
    }

    /** TLS when a key store is given; the trust store then too, and the password from its file or the environment. */
    private static ClusterTls tls(ExperimentConfig c) {
        String keyStore = c.string("engine.cluster.tls.key-store");
        String trustStore = c.string("engine.cluster.tls.trust-store");
        String passwordFile = c.string("engine.cluster.tls.password-file");
        if (keyStore.isEmpty()) {
            if (!trustStore.isEmpty() || !passwordFile.isEmpty()) {
                throw c.error("engine.cluster.tls.key-store", "is empty but the trust store or password file is set:"
                        + " give all of them to use TLS");
            }
            return null;
        }
        if (trustStore.isEmpty()) {
            throw c.error("engine.cluster.tls.trust-store", "is needed with engine.cluster.tls.key-store");
        }
        try {
            return ClusterTls.open(resolve(c, keyStore), resolve(c, trustStore),
                    passwordFile.isEmpty() ? null : resolve(c, passwordFile), "engine.cluster.tls");
        } catch (ClusterTls.SettingException e) {
            throw c.errorAt("engine.cluster.tls." + e.setting().key(), e); // the setting that is wrong
        }
    }

    private static Path resolve(ExperimentConfig c, String file) {
        return c.baseDir() == null ? Path.of(file) : c.baseDir().resolve(file);
    }
}
