package org.fabricsim.engine.distributed;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueFactory;
import java.util.List;
import java.util.Map;

/**
 * The Pekko configuration of a distributed run, in one place: Kryo 5 for every {@link WireMessage}, Java
 * serialisation off, Artery TCP, a failure detector that notices a dead member within seconds, and quiet
 * logging through SLF4J.
 */
public final class ClusterConfig {
    /** Configuration key listing the model classes that may cross the wire, in order. */
    static final String WIRE_CLASSES = "fabricsim.wire.classes";

    /** Where LP actors run, and their mailbox (both configured in every actor system this class builds). */
    static final org.apache.pekko.actor.typed.Props LP_PROPS =
            org.apache.pekko.actor.typed.DispatcherSelector.fromConfig("fabricsim-lp-dispatcher")
                    .withMailboxFromConfig("fabricsim-lp-mailbox");

    /** The actor system's name; members of one run must agree on it. */
    public static final String SYSTEM_NAME = "fabricsim";

    private static final String COMMON = """
            pekko {
              loglevel = WARNING
              # while the SLF4J logger starts and after it stops, Pekko logs on stdout, past the logging
              # configuration: at shutdown that was "[WARN] ... Upstream failed ... connection has been aborted" for
              # every link to a member that stays up (issue 17)
              stdout-loglevel = OFF
              loggers = ["org.apache.pekko.event.slf4j.Slf4jLogger"]
              logging-filter = "org.apache.pekko.event.slf4j.Slf4jLoggingFilter"
              log-dead-letters = off
              log-dead-letters-during-shutdown = off
              # an error such as running out of memory on one of Pekko's threads stops the actor system, which
              # fails the run with one line (DistributedRun.await), instead of ending the JVM with status 255
              # before anything is cleaned up (issue 34)
              jvm-exit-on-fatal-error = off
              actor {
                serializers { fabricsim-kryo = "org.fabricsim.engine.distributed.KryoSerializer" }
                serialization-bindings { "org.fabricsim.engine.distributed.WireMessage" = fabricsim-kryo }
                allow-java-serialization = off
                warn-about-java-serializer-usage = off
              }
              remote.artery {
                # tls-tcp when the run has keys (ClusterTls)
                transport = tcp
                # a frame holds a batch of ConservativeLp.MAX_BATCH_EVENTS or a 1 MiB piece of a result (D99); Artery
                # allocates its buffers at this size and clears them, so each one in use is that much resident
                # memory (16 MiB frames cost every member 33 MB, issue 16)
                advanced.maximum-frame-size = 4MiB
                advanced.buffer-pool-size = 256
                advanced.maximum-large-frame-size = 4MiB
              }
              cluster {
                jmx.enabled = off
                log-info = off
                failure-detector.acceptable-heartbeat-pause = 3s
                failure-detector.heartbeat-interval = 500ms
                unreachable-nodes-reaper-interval = 500ms
                # a run's members join, and its driver leaves, by the leader's actions spread by gossip: at
                # Pekko's 1 s ticks each run spent seconds joining and leaving; a run's cluster is tens of
                # members, for which a tick of 200 ms costs nothing (D215)
                gossip-interval = 200ms
                leader-actions-interval = 200ms
                periodic-tasks-initial-delay = 200ms
                # a member started before its seed (the driver) asks it again this often: at Pekko's 5 s a run
                # waited up to 5 s for each such member once the driver was up (D215)
                seed-node-retry-interval = 1s
              }
              # a run that ends, or aborts because a member died, should not wait long to leave the cluster
              coordinated-shutdown.phases.cluster-leave.timeout = 2s
              coordinated-shutdown.phases.cluster-exiting.timeout = 2s
              # Artery in Pekko 1.1.5 waits for its streams to complete without a deadline; one stalled by a
              # peer's broken connection held a JVM's exit for the phase's 10 s (D226; bounded upstream by
              # apache/pekko#3317)
              coordinated-shutdown.phases.actor-system-terminate.timeout = 5s
              coordinated-shutdown.exit-jvm = off
            }
            # Each LP has a thread of its own, so that two LPs with work never wait for one pool thread (a
            # shared fork-join pool gave far more variable run times). The thread parks when its LP waits.
            # (A spinning affinity pool was tried: on a shared machine its spinning threads starve the LPs
            # and the message latency grew fivefold; docs/DISTRIBUTED.md, D100.)
            fabricsim-lp-dispatcher {
              type = PinnedDispatcher
              executor = "thread-pool-executor"
              thread-pool-executor.allow-core-timeout = off
              throughput = 1
            }
            # An LP that reads its direct channels itself waits on them and on its mailbox at once (D203).
            fabricsim-lp-mailbox.mailbox-type = "org.fabricsim.engine.distributed.WakingMailbox"
            """;

    private ClusterConfig() {
    }

    /** All LPs in this JVM; {@code serializeLocally} pushes every message through Kryo anyway (tests). */
    public static Config local(List<String> wireClasses, boolean serializeLocally) {
        return ConfigFactory.parseMap(Map.of(
                        "pekko.actor.provider", "local",
                        "pekko.actor.serialize-messages", serializeLocally ? "on" : "off",
                        WIRE_CLASSES, wireClasses))
                .withFallback(ConfigFactory.parseString(COMMON))
                .withFallback(ConfigFactory.defaultReference());
    }

    /** A cluster member over plain TCP listening on {@code host:port} (0 = any free port) that joins {@code seedNodes}. */
    public static Config member(String host, int port, List<String> seedNodes, List<String> wireClasses) {
        return member(host, port, seedNodes, wireClasses, null);
    }

    /** {@link #member}, over TLS with mutual authentication when {@code tls} is not null. */
    public static Config member(String host, int port, List<String> seedNodes, List<String> wireClasses,
            ClusterTls tls) {
        Config plain = ConfigFactory.empty()
                .withValue("pekko.actor.provider", ConfigValueFactory.fromAnyRef("cluster"))
                .withValue("pekko.remote.artery.canonical.hostname", ConfigValueFactory.fromAnyRef(host))
                .withValue("pekko.remote.artery.canonical.port", ConfigValueFactory.fromAnyRef(port))
                .withValue("pekko.cluster.seed-nodes", ConfigValueFactory.fromIterable(seedNodes))
                .withValue(WIRE_CLASSES, ConfigValueFactory.fromIterable(wireClasses))
                .withFallback(ConfigFactory.parseString(COMMON))
                .withFallback(ConfigFactory.defaultReference());
        return tls == null ? plain : tls.artery().withFallback(plain);
    }

    /**
     * Refuses a port something already listens on, before a member's actor system tries it (Pekko would fail to bind
     * with a stack trace): one line naming the address and what to do (issue 34). Port 0 (any free port) passes.
     *
     * @param what names the setting in the message, e.g. "node: --port" or "engine.cluster.port"
     */
    public static void requireFreePort(String host, int port, String what) {
        if (port == 0) {
            return;
        }
        try (java.net.ServerSocket s = new java.net.ServerSocket()) {
            s.setReuseAddress(true); // as Pekko binds: a port in TIME_WAIT is free
            s.bind(new java.net.InetSocketAddress(host, port));
        } catch (java.io.IOException e) {
            throw new org.fabricsim.InputException(what + ": cannot listen on " + host + ":" + port + " ("
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + "): another node or"
                    + " program holds it; choose another port, or 0 for any free one");
        }
    }
}
