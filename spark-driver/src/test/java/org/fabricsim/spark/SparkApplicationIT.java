package org.fabricsim.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import org.fabricsim.cli.Main;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The application jar as a cluster runs it (after {@code package}; Failsafe). Child JVMs get the project's
 * JVM flags (and the client compiler only, for speed) and, as their classpath, only the jars Spark brings
 * itself (the ones listed in {@code spark-provided.txt}, from {@code target/lib}): what a Spark installation
 * has. fabricsim comes only from {@code target/fabricsim-spark.jar}.
 * <ol>
 *   <li>the jar holds fabricsim and every runtime dependency Spark does not bring, and nothing of Spark;
 *   <li>{@code spark-submit --master local[2]} ({@code org.apache.spark.deploy.SparkSubmit}) writes the same
 *       {@code summary.json} and {@code trials.arrow} as an in-process {@code local[1]} run;
 *   <li>so does {@code spark-submit --master spark://127.0.0.1:PORT} to a standalone master and worker
 *       started here, whose executors are separate JVMs;
 *   <li>and to such a cluster with authentication and RPC and I/O encryption on, the secret in a file
 *       (docs/SPARK.md, "Security"), which appears nowhere in the outputs and logs.
 * </ol>
 * The tests run side by side (each its own output directory, cluster and free ports): their JVMs spend much of
 * their time starting, one at a time would leave a core idle.
 */
@Execution(ExecutionMode.CONCURRENT)
class SparkApplicationIT {
    private static final long TIMEOUT_S = 120;
    /**
     * The executors' JVMs get the client compiler and the parallel collector, as this test's other child JVMs
     * ({@link #java}); Spark's own flags (--add-opens) come first all the same.
     */
    private static final String EXECUTOR_JIT =
            "spark.executor.extraJavaOptions=-XX:TieredStopAtLevel=1 -XX:+UseParallelGC";

    private static Path build;
    private static Path jar;
    private static List<Path> sparkJars;
    private static List<String> jvmFlags;

    @TempDir
    static Path dir;

    private static Path reference;
    private static Path conf;

    @BeforeAll
    static void referenceRun() throws IOException {
        build = Path.of(System.getProperty("fabricsim.buildDir", "target")).toAbsolutePath();
        jar = build.resolve("fabricsim-spark.jar");
        assertTrue(Files.isRegularFile(jar), jar + " is built by package");
        jvmFlags = Arrays.stream(System.getProperty("fabricsim.jvmFlags", "").trim().split("\\s+"))
                .filter(s -> !s.isEmpty()).toList();
        sparkJars = sparkProvidedJars();
        // two rounds exactly (the file's minimum): each round is a Spark job, and on a standalone cluster of C1
        // JVMs a job costs seconds; what the test asks is that the bytes of a sweep of several rounds are the same
        conf = SweepFiles.write(dir, "sweep.conf", SweepFiles.SMALL + "sweep.max-batches = 2\n");
        reference = dir.resolve("in-process");
        int status = Main.execute(new String[] {"sweep", conf.toString(), "--master", "local[1]", "--out",
                reference.toString(), "--progress", "off"}, System.out, System.err);
        assertEquals(0, status);
    }

    /** The runtime dependencies as Maven resolved them: group:artifact → file name in target/lib. */
    private static Map<String, String> runtimeDependencies() throws IOException {
        Map<String, String> deps = new java.util.TreeMap<>();
        for (String line : Files.readAllLines(build.resolve("runtime-dependencies.txt"))) {
            String s = line.strip();
            if (s.isEmpty() || !s.contains(":") || s.startsWith("The following")) {
                continue;
            }
            String[] f = s.split("\\s+")[0].split(":");
            // group:artifact:type:version or group:artifact:type:classifier:version
            String version = f[f.length - 1];
            String classifier = f.length == 5 ? "-" + f[3] : "";
            deps.put(f[0] + ":" + f[1], f[1] + "-" + version + classifier + ".jar");
        }
        assertFalse(deps.isEmpty());
        return deps;
    }

    private static Set<String> sparkProvided() throws IOException {
        try (InputStream in = SparkApplicationIT.class.getResourceAsStream("/spark-provided.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.startsWith("#")).collect(Collectors.toSet());
        }
    }

    private static List<Path> sparkProvidedJars() throws IOException {
        Set<String> provided = sparkProvided();
        List<Path> jars = new ArrayList<>();
        runtimeDependencies().forEach((ga, file) -> {
            if (provided.contains(ga)) {
                jars.add(build.resolve("lib").resolve(file));
            }
        });
        jars.forEach(j -> assertTrue(Files.isRegularFile(j), j + " exists"));
        return jars;
    }

    private static Set<String> entries(Path jarFile) throws IOException {
        try (JarFile j = new JarFile(jarFile.toFile())) {
            return j.stream().map(e -> e.getName()).collect(Collectors.toCollection(HashSet::new));
        }
    }

    @Test
    void theJarHoldsFabricsimAndWhatSparkLacksButNoSpark() throws IOException {
        Set<String> shaded = entries(jar);
        assertTrue(shaded.contains("org/fabricsim/cli/SweepMain.class"));
        assertTrue(shaded.contains("org/fabricsim/config/defaults.conf"));
        Set<String> provided = sparkProvided();
        for (Map.Entry<String, String> dep : runtimeDependencies().entrySet()) {
            if (provided.contains(dep.getKey())) {
                continue;
            }
            Set<String> classes = entries(build.resolve("lib").resolve(dep.getValue())).stream()
                    .filter(e -> e.endsWith(".class") && !e.contains("module-info")).collect(Collectors.toSet());
            classes.removeAll(shaded);
            assertTrue(classes.isEmpty(), dep.getKey() + " is neither in spark-provided.txt nor in " + jar.getFileName()
                    + " (add it to the shade plugin's includes in spark-driver/pom.xml): missing " + classes.stream()
                    .limit(3).toList());
        }
        for (String prefix : new String[] {"org/apache/spark/", "scala/", "org/apache/hadoop/", "io/netty/",
                "com/fasterxml/jackson/", "org/apache/arrow/", "org/slf4j/", "org/apache/logging/"}) {
            assertTrue(shaded.stream().noneMatch(e -> e.startsWith(prefix)), "no " + prefix + " in the jar");
        }
    }

    private static Process start(List<String> command, Path log, Map<String, String> env) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().remove("SPARK_HOME");
        pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        pb.environment().putAll(env);
        return pb.start();
    }

    private static List<String> java(String mainClass, String classpath) {
        List<String> c = new ArrayList<>();
        c.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        c.addAll(jvmFlags);
        c.add("-XX:TieredStopAtLevel=1"); // as CliTest.childJvmFlags: JVMs of seconds, mostly code that runs once
        c.add("-XX:+UseParallelGC");
        c.add("-Xmx1g");
        c.add("-cp");
        c.add(classpath);
        c.add(mainClass);
        return c;
    }

    private static String classpath(List<Path> jars) {
        return jars.stream().map(Path::toString).collect(Collectors.joining(java.io.File.pathSeparator));
    }

    /** spark-submit of the application jar to {@code master}; returns the output directory. */
    private static Path submit(String master, String name, List<String> extra) throws IOException, InterruptedException {
        return submit(master, name, extra, Map.of());
    }

    /** The same with {@code env} added to spark-submit's environment; its log is {@code name.log}. */
    private static Path submit(String master, String name, List<String> extra, Map<String, String> env)
            throws IOException, InterruptedException {
        Path out = dir.resolve(name);
        List<String> c = java("org.apache.spark.deploy.SparkSubmit", classpath(sparkJars));
        c.addAll(List.of("--master", master, "--class", "org.fabricsim.cli.SweepMain", "--name", "fabricsim-it",
                "--conf", "spark.driver.host=127.0.0.1", "--conf", "spark.ui.enabled=false"));
        c.addAll(extra);
        c.addAll(List.of(jar.toString(), conf.toString(), "--out", out.toString(), "--progress", "off"));
        Path log = dir.resolve(name + ".log");
        long t0 = System.nanoTime();
        Process p = start(c, log, env);
        try {
            if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
                fail("spark-submit to " + master + " did not finish in " + TIMEOUT_S + " s; log:\n" + Files.readString(log));
            }
            assertEquals(0, p.exitValue(), "spark-submit to " + master + " failed; log:\n" + Files.readString(log));
        } finally {
            stop(p);
        }
        System.out.printf("spark-submit --master %s: %.1f s%n", master, (System.nanoTime() - t0) / 1e9);
        return out;
    }

    @Test
    void sparkSubmitLocalGivesTheSameBytes() throws Exception {
        Path out = submit("local[2]", "submitted-local", List.of());
        SweepFiles.assertSameResults(reference, out);
        assertTrue(Files.readString(out.resolve("run.json")).contains("\"master\": \"local[2]\""));
    }

    /** What runs against a standalone cluster, given its master URL and its worker's work directory. */
    private interface OnCluster {
        void run(String master, Path work) throws Exception;
    }

    /**
     * A standalone master and worker (child JVMs on 127.0.0.1, free ports, executors in the worker's own JVMs)
     * for {@code body}, stopped afterwards.
     *
     * @param daemonArgs further arguments of both daemons, e.g. {@code --properties-file FILE}
     */
    private static void onStandaloneCluster(List<String> daemonArgs, OnCluster body) throws Exception {
        // A Spark installation as the worker needs one to launch executors: SPARK_HOME/jars
        Path home = Files.createTempDirectory(dir, "spark-home");
        Files.createDirectories(home.resolve("jars"));
        for (Path j : sparkJars) {
            Files.createSymbolicLink(home.resolve("jars").resolve(j.getFileName()), j);
        }
        Path work = Files.createTempDirectory(dir, "work");
        int port = freePort();
        String cp = classpath(sparkJars);
        List<Process> started = new ArrayList<>();
        long t0 = System.nanoTime();
        try {
            List<String> master = java("org.apache.spark.deploy.master.Master", cp);
            master.addAll(List.of("--host", "127.0.0.1", "--port", Integer.toString(port), "--webui-port",
                    Integer.toString(freePort())));
            master.addAll(daemonArgs);
            Path masterLog = home.resolve("master.log");
            started.add(start(master, masterLog, Map.of("SPARK_HOME", home.toString())));
            awaitPort(port, masterLog);

            List<String> worker = java("org.apache.spark.deploy.worker.Worker", cp);
            worker.addAll(List.of("--host", "127.0.0.1", "--webui-port", Integer.toString(freePort()), "--cores", "2",
                    "--memory", "2g", "--work-dir", work.toString()));
            worker.addAll(daemonArgs);
            worker.add("spark://127.0.0.1:" + port);
            Path workerLog = home.resolve("worker.log");
            started.add(start(worker, workerLog, Map.of("SPARK_HOME", home.toString(), "SPARK_SCALA_VERSION", "2.13")));
            awaitLine(workerLog, "Successfully registered with master");
            System.out.printf("standalone master and worker up: %.1f s%n", (System.nanoTime() - t0) / 1e9);
            body.run("spark://127.0.0.1:" + port, work);
        } finally {
            for (int i = started.size() - 1; i >= 0; i--) {
                stop(started.get(i));
            }
            // the links out of the temporary directory go first: JUnit warns of each one it meets
            try (var links = Files.list(home.resolve("jars"))) {
                for (Path l : links.toList()) {
                    Files.deleteIfExists(l);
                }
            }
        }
        System.out.printf("standalone cluster test: %.1f s%n", (System.nanoTime() - t0) / 1e9);
    }

    /** The executors' logs under a worker's work directory. */
    private static List<Path> executorLogs(Path work) throws IOException {
        try (var files = Files.walk(work)) {
            return files.filter(f -> f.getFileName().toString().equals("stderr")).toList();
        }
    }

    @Test
    void aStandaloneClusterGivesTheSameBytes() throws Exception {
        onStandaloneCluster(List.of(), (master, work) -> {
            Path out = submit(master, "submitted-cluster", List.of("--executor-memory", "512m",
                    "--total-executor-cores", "2", "--conf", EXECUTOR_JIT));
            SweepFiles.assertSameResults(reference, out);
            String run = Files.readString(out.resolve("run.json"));
            assertTrue(run.contains("\"master\": \"" + master + "\""), run);
            assertTrue(run.contains("\"spark_app_id\": \"app-"), "a standalone application id: " + run);
            // executors ran in the worker's own JVMs, with Spark's Java 17 flags that no one here gave them
            List<Path> stderr = executorLogs(work);
            assertFalse(stderr.isEmpty(), "an executor log under the worker's work directory");
            for (Path log : stderr) {
                String command = Files.readString(log).lines().filter(l -> l.startsWith("Spark Executor Command:"))
                        .findFirst().orElse("");
                assertTrue(command.contains("--add-opens=java.base/sun.nio.ch=ALL-UNNAMED"), log + ": " + command);
            }
        });
    }

    /**
     * docs/SPARK.md, "Security", standalone: the master and worker started with a properties file holding the
     * secret, the application given it in FABRICSIM_SPARK_SECRET_FILE, authentication and both encryptions on.
     */
    @Test
    void anAuthenticatedEncryptedStandaloneClusterGivesTheSameBytesAndShowsNoSecret() throws Exception {
        String secret = "it-secret-" + Long.toHexString(new java.security.SecureRandom().nextLong());
        Path secretFile = dir.resolve("fabricsim-spark-secret");
        Files.writeString(secretFile, secret + "\n");
        Path properties = dir.resolve("spark-cluster.conf");
        Files.writeString(properties, "spark.authenticate true\nspark.authenticate.secret " + secret
                + "\nspark.network.crypto.enabled true\n");
        onStandaloneCluster(List.of("--properties-file", properties.toString()), (master, work) -> {
            Path out = submit(master, "submitted-secured", List.of("--executor-memory", "512m",
                    "--total-executor-cores", "2", "--conf", EXECUTOR_JIT, "--conf", "spark.authenticate=true",
                    "--conf", "spark.network.crypto.enabled=true", "--conf", "spark.io.encryption.enabled=true"),
                    Map.of("FABRICSIM_SPARK_SECRET_FILE", secretFile.toString()));
            SweepFiles.assertSameResults(reference, out);
            String run = Files.readString(out.resolve("run.json"));
            assertTrue(run.contains("\"authenticate\": true") && run.contains("\"rpc_encryption\": true")
                    && run.contains("\"io_encryption\": true"), run);
            assertTrue(run.contains("\"secret\": \"FABRICSIM_SPARK_SECRET_FILE\""), run);
            // neither the outputs, nor the application's log, nor the executors' show the secret
            List<Path> written = new ArrayList<>(executorLogs(work));
            assertFalse(written.isEmpty(), "executors ran in the worker's JVMs");
            written.add(dir.resolve("submitted-secured.log"));
            try (var files = Files.list(out)) {
                written.addAll(files.toList());
            }
            for (Path f : written) {
                assertFalse(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1).contains(secret), f.toString());
            }
        });
    }

    private static void stop(Process p) throws InterruptedException {
        List<ProcessHandle> children = p.descendants().toList(); // e.g. the worker's executor JVMs
        p.destroy();
        children.forEach(ProcessHandle::destroy);
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
        children.forEach(c -> {
            if (c.isAlive()) {
                c.destroyForcibly();
            }
        });
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static void awaitPort(int port, Path log) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            try (Socket s = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException e) {
                Thread.sleep(200);
            }
        }
        fail("the master did not listen on " + port + "; log:\n" + Files.readString(log));
    }

    private static void awaitLine(Path log, String text) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (Files.exists(log) && Files.readString(log).contains(text)) {
                return;
            }
            Thread.sleep(200);
        }
        fail("no '" + text + "' in " + log + ":\n" + Files.readString(log));
    }
}
