package org.fabricsim.cli;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.fabricsim.InputException;
import org.fabricsim.engine.distributed.ClusterConfig;
import org.fabricsim.engine.distributed.ClusterTls;
import org.fabricsim.engine.distributed.DistributedRun;
import org.fabricsim.experiment.Experiments;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "node", mixinStandardHelpOptions = true,
        description = "Start a cluster member for distributed packet-level runs (docs/DISTRIBUTED.md); it builds the"
                + " logical processes coordinators hand it, until stopped.")
final class NodeCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Option(names = "--host", defaultValue = "127.0.0.1", paramLabel = "HOST",
            description = "Address other members reach this one at. Default: ${DEFAULT-VALUE}.")
    String host;

    @Option(names = "--port", defaultValue = "0", paramLabel = "PORT",
            description = "Port to listen on; 0 = any free port. Default: ${DEFAULT-VALUE}.")
    int port;

    @Option(names = "--seed-nodes", required = true, paramLabel = "ADDRESSES",
            description = "Comma-separated members to join, e.g. pekko://fabricsim@10.0.0.1:2552.")
    String seedNodes;

    @Mixin
    ClusterAccessOptions access;

    @Option(names = "--join-timeout", defaultValue = "60", paramLabel = "SECONDS",
            description = "Give up when the seed nodes have not let this node in by then. Default: ${DEFAULT-VALUE}.")
    int joinTimeout;

    @Override
    public Integer call() throws InterruptedException {
        if (port < 0 || port > 65535) {
            throw new InputException("node: --port must be in 0..65535, got " + port);
        }
        if (joinTimeout < 1) {
            throw new InputException("node: --join-timeout must be at least 1 second, got " + joinTimeout);
        }
        List<String> seeds = Arrays.stream(seedNodes.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
        for (String s : seeds) {
            if (!s.startsWith("pekko://" + ClusterConfig.SYSTEM_NAME + "@")) {
                throw new InputException("node: seed node '" + s + "' is not pekko://" + ClusterConfig.SYSTEM_NAME
                        + "@HOST:PORT");
            }
        }
        ClusterTls tls = access.open("node", host);
        ClusterConfig.requireFreePort(host, port, "node: --port");
        var system = DistributedRun.startMember(ClusterConfig.member(host, port, seeds, Experiments.wireClasses(), tls));
        main.out.println("fabricsim node " + system.address() + (tls == null ? "" : " (TLS)") + " joining "
                + String.join(", ", seeds) + " (stop with Ctrl-C)");
        CompletableFuture<Void> up = new CompletableFuture<>();
        org.apache.pekko.cluster.Cluster.get(org.apache.pekko.actor.typed.javadsl.Adapter.toClassic(system))
                .registerOnMemberUp(() -> up.complete(null));
        try {
            up.get(joinTimeout, TimeUnit.SECONDS);
        } catch (TimeoutException | ExecutionException e) {
            System.err.println("fabricsim node: not let in by " + String.join(", ", seeds) + " within " + joinTimeout
                    + " s: is a seed running and reachable, and does it hold the same cluster keys"
                    + (tls == null ? " (it may require TLS: --tls-key-store)" : " (a member without this cluster's"
                            + " certificate is refused)") + "?");
            system.terminate();
            return 1;
        }
        try {
            system.getWhenTerminated().toCompletableFuture().get();
        } catch (ExecutionException e) {
            return 1;
        }
        return 0;
    }
}
