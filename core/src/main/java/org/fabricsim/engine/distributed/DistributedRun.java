package org.fabricsim.engine.distributed;

import com.typesafe.config.Config;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongConsumer;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;

/**
 * Runs a partitioned model with the conservative null-message protocol on Pekko: all LPs in this JVM, or
 * spread over the members of a Pekko cluster (each started with {@link #startMember}).
 */
public final class DistributedRun {
    // how long a run waits for its actor system to end once the results are in: normal ends take 0.1-0.6 s on 2
    // loaded cores; Pekko 1.1.5's Artery can stall for good on a stream a peer broke (D226)
    private static final Duration SHUTDOWN = Duration.ofSeconds(5);

    static {
        // SLF4J initialised before Pekko's logger starts on its own threads, or it warns about substitutes
        org.slf4j.LoggerFactory.getLogger(DistributedRun.class);
    }

    private DistributedRun() {
    }

    /**
     * All LPs as actors of one actor system in this JVM.
     *
     * @param wireClasses the model's classes that cross between LPs (its spec, its results)
     * @param serialize push every message through Kryo even though it stays in this JVM (tests)
     * @throws DistributedRunException when the run cannot finish
     */
    public static RunResult inProcess(ModelSpec spec, int parts, int[] partOf, long endPs, List<String> wireClasses,
            boolean serialize) {
        return inProcess(spec, parts, partOf, endPs, wireClasses, serialize, true, reached -> { });
    }

    /**
     * {@link #inProcess}, told as the slowest LP's clock advances (whole percents of the end time); with 3 LPs
     * or more, {@code globalBound} adds the coordinator's global bound to the null messages ({@link GlobalBound}).
     */
    public static RunResult inProcess(ModelSpec spec, int parts, int[] partOf, long endPs, List<String> wireClasses,
            boolean serialize, boolean globalBound, LongConsumer progress) {
        CompletableFuture<RunResult> result = new CompletableFuture<>();
        Coordinator.Request request = new Coordinator.Request(1, version(wireClasses), spec, parts, partOf, endPs, 0,
                List.of(), Duration.ZERO, globalBound, progress, false, true);
        ActorSystem<Object> system = ActorSystem.create(Coordinator.create(request, result), ClusterConfig.SYSTEM_NAME,
                ClusterConfig.local(wireClasses, serialize));
        return await(system, result);
    }

    /**
     * A run over a cluster: this JVM joins it (per {@code memberConfig}, from {@link ClusterConfig#member}),
     * hosts a member itself and the coordinator, waits for {@code members} members (itself included) and
     * spreads the LPs over them. A cluster with more members than that refuses the run.
     */
    public static RunResult onCluster(Config memberConfig, ModelSpec spec, int parts, int[] partOf, long endPs,
            int members, Duration joinTimeout) {
        return onCluster(memberConfig, spec, parts, partOf, endPs, members, List.of(), joinTimeout, true,
                reached -> { }, true, true);
    }

    /**
     * {@link #onCluster}, told as the slowest LP's clock advances (whole percents of the end time). When
     * {@code expected} lists the other members ({@code host:port}), exactly those may join: {@code members} must
     * then be their number plus one. {@code globalBound}: as for {@link #inProcess}. {@code directChannels}: batches
     * between LPs on different members go straight over TCP ({@link DirectChannels}) rather than through Artery.
     * {@code driverRunsLps}: this JVM takes its share of the LPs like any member; when false it runs none (it
     * coordinates and merges the results) and the LPs are dealt to the other {@code members - 1}.
     */
    public static RunResult onCluster(Config memberConfig, ModelSpec spec, int parts, int[] partOf, long endPs,
            int members, List<String> expected, Duration joinTimeout, boolean globalBound, LongConsumer progress,
            boolean directChannels, boolean driverRunsLps) {
        if (!driverRunsLps && members < 2) {
            throw new IllegalArgumentException("a driver that runs no LP needs another member");
        }
        if (!expected.isEmpty() && members != expected.size() + 1) {
            throw new IllegalArgumentException(members + " members but " + expected.size() + " expected besides this one");
        }
        List<String> wireClasses = memberConfig.getStringList(ClusterConfig.WIRE_CLASSES);
        CompletableFuture<RunResult> result = new CompletableFuture<>();
        long runId = System.currentTimeMillis(); // tells this run's messages from a previous one's stragglers
        Coordinator.Request request = new Coordinator.Request(runId, version(wireClasses), spec, parts, partOf, endPs,
                members, List.copyOf(expected), joinTimeout, globalBound, progress, directChannels, driverRunsLps);
        Behavior<Object> driver = Behaviors.setup(ctx -> {
            if (driverRunsLps) { // a member actor is what the coordinator deals LPs to
                ctx.spawn(MemberActor.create(version(wireClasses)), "member");
            }
            ctx.spawn(Coordinator.create(request, result), "coordinator");
            return Behaviors.empty();
        });
        ActorSystem<Object> system = ActorSystem.create(driver, ClusterConfig.SYSTEM_NAME, memberConfig);
        return await(system, result);
    }

    /** Starts a cluster member that builds the LPs coordinators hand it, until the system terminates. */
    public static ActorSystem<WireMessage> startMember(Config memberConfig) {
        List<String> wireClasses = memberConfig.getStringList(ClusterConfig.WIRE_CLASSES);
        return ActorSystem.create(MemberActor.create(version(wireClasses)), ClusterConfig.SYSTEM_NAME, memberConfig);
    }

    /** This build's version and wire protocol; members must match the coordinator exactly. */
    static String version(List<String> wireClasses) {
        String v = DistributedRun.class.getPackage().getImplementationVersion();
        return (v == null ? "dev" : v) + "/wire-" + WireTypes.fingerprint(wireClasses);
    }

    private static RunResult await(ActorSystem<?> system, CompletableFuture<RunResult> result) {
        // a system that stops before the run ends (a fatal error on one of its threads) fails the run: no hang
        system.getWhenTerminated().thenRun(() -> result.completeExceptionally(new DistributedRunException(
                "the actor system stopped before the run ended, on an error it could not recover from (out of memory?"
                        + " raise FABRICSIM_JAVA_OPTS=-Xmx...)")));
        try {
            return result.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new DistributedRunException(String.valueOf(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DistributedRunException("interrupted");
        } finally {
            system.terminate();
            try {
                system.getWhenTerminated().toCompletableFuture().get(SHUTDOWN.toSeconds(), TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                // the result is in; a slow shutdown does not change it
            }
        }
    }
}
