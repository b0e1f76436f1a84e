package org.fabricsim.cli;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.fabricsim.InputException;
import org.fabricsim.engine.distributed.ClusterConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * A cluster of N node JVMs on this machine for trying distributed runs (docs/DISTRIBUTED.md): ports PORT to
 * PORT + N - 1, the first the seed; prints the settings a driver needs and keeps the nodes up, between runs,
 * until Ctrl-C or SIGTERM stops them all (or one of them ends, which stops the rest).
 */
@Command(name = "nodes", mixinStandardHelpOptions = true,
        description = "Start N cluster members (node JVMs) on this machine, print the driver's settings, and keep them"
                + " up until stopped (Ctrl-C).")
final class NodesCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Parameters(paramLabel = "N", description = "How many node JVMs (1..64).")
    int count;

    @Option(names = "--host", defaultValue = "127.0.0.1", paramLabel = "HOST",
            description = "Address the nodes listen at. Default: ${DEFAULT-VALUE}.")
    String host;

    @Option(names = "--port", defaultValue = "2552", paramLabel = "PORT",
            description = "The first node's port (the seed); the others follow. Default: ${DEFAULT-VALUE}.")
    int port;

    @Option(names = "--heap", paramLabel = "SIZE",
            description = "Each node's heap limit, as for java -Xmx (e.g. 4g). Default: the JVM's.")
    String heap;

    @Mixin
    ClusterAccessOptions access;

    @Override
    public Integer call() throws InterruptedException, IOException {
        if (count < 1 || count > 64) {
            throw new InputException("nodes: N must be in 1..64, got " + count);
        }
        if (port < 1 || port + count - 1 > 65535) {
            throw new InputException("nodes: --port must leave room for " + count + " ports below 65536, got " + port);
        }
        if (heap != null && !heap.matches("[0-9]+[kKmMgG]?")) {
            throw new InputException("nodes: --heap '" + heap + "' is not a size such as 4g or 512m");
        }
        access.open("nodes", host); // checks the keys and the address before any JVM starts
        String seed = "pekko://" + ClusterConfig.SYSTEM_NAME + "@" + host + ":" + port;
        List<Process> nodes = new ArrayList<>();
        Thread stopAll = new Thread(() -> stop(nodes), "fabricsim-nodes-stop");
        Runtime.getRuntime().addShutdownHook(stopAll);
        List<String> addresses = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            List<String> command = javaCommand(heap);
            command.addAll(List.of("node", "--host", host, "--port", String.valueOf(port + i), "--seed-nodes", seed));
            command.addAll(access.arguments());
            // a node's own line would repeat N times; its warnings and errors go to this command's stderr
            nodes.add(new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start());
            addresses.add(host + ":" + (port + i));
        }
        for (int i = 0; i < count; i++) {
            if (!listening(nodes.get(i), port + i)) {
                System.err.println("fabricsim nodes: the node for port " + (port + i) + " did not start (is the port"
                        + " free?); stopping the others");
                return 1;
            }
        }
        main.out.println("fabricsim nodes: " + count + " node" + (count > 1 ? "s" : "") + " at " + String.join(", ",
                addresses) + " (seed " + addresses.get(0) + "); stop with Ctrl-C");
        main.out.println("  driver: --set engine.kind=distributed --set engine.placement=cluster"
                + " --set engine.partitions=" + (count + 1) + " --set engine.cluster.host=" + host
                + " --set engine.cluster.port=0 --set 'engine.cluster.seed-nodes=[\"" + seed + "\"]'"
                + " --set 'engine.cluster.members=[" + String.join(",", addresses.stream().map(a -> "\"" + a + "\"")
                        .toList()) + "]'" + (access.keyStore == null ? "" : " plus engine.cluster.tls.* as for the nodes"));
        main.out.println("  (or with --set engine.cluster.driver-runs-lps=false --set engine.partitions=" + count
                + ": one LP per node, and the driver only coordinates and merges)");
        main.out.flush();
        while (true) {
            for (int i = 0; i < count; i++) {
                if (nodes.get(i).waitFor(200, TimeUnit.MILLISECONDS)) {
                    System.err.println("fabricsim nodes: the node at " + addresses.get(i) + " ended (status "
                            + nodes.get(i).exitValue() + "); stopping the others");
                    return 1;
                }
            }
        }
    }

    /**
     * This JVM's own command line up to the main class (the same java, flags and class path), with another
     * heap limit when {@code heap} is not null: for the fabricsim JVMs a command starts.
     */
    static List<String> javaCommand(String heap) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (heap == null || !arg.startsWith("-Xmx")) {
                command.add(arg);
            }
        }
        if (heap != null) {
            command.add("-Xmx" + heap);
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        return command;
    }

    /** Waits (at most a minute) until the node accepts connections on its port; false if it ended first. */
    private boolean listening(Process node, int nodePort) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline && node.isAlive()) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(host, nodePort), 500);
                return true;
            } catch (IOException e) {
                Thread.sleep(200);
            }
        }
        return false;
    }

    /** SIGTERM to every node (each leaves the cluster), then, after 10 s, a kill for any still there. */
    private static void stop(List<Process> nodes) {
        nodes.forEach(Process::destroy);
        for (Process p : nodes) {
            try {
                if (!p.waitFor(10, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
            }
        }
    }
}
