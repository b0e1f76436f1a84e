package org.fabricsim.spark;

import java.util.Objects;
import org.apache.spark.sql.SparkSession;

/**
 * Starts the {@link SparkSession} of a sweep: app name {@code fabricsim}, the given master, bound to
 * 127.0.0.1 in local mode, the web UI off, few shuffle partitions (the aggregations are small), no session
 * artifact isolation. Settings the user gave (e.g. {@code spark-submit --conf spark.ui.enabled=true}, which
 * arrive as system properties) win over these defaults; security settings are the user's alone ({@link SparkSecurity}). Logging comes
 * from {@code log4j2.xml} on the classpath (warnings only).
 */
public final class SparkSessions {
    private SparkSessions() {
    }

    /** A session and whether this code started it (and so must stop it). */
    public record Handle(SparkSession session, boolean owned, double startSeconds) implements AutoCloseable {
        /** Stops the session if it was started here. */
        @Override
        public void close() {
            if (owned) {
                session.stop();
            }
        }
    }

    /**
     * A session on {@code master}. If this JVM already runs a session on the same master (a test, a notebook),
     * that one is borrowed and left running on {@link Handle#close()}.
     *
     * @throws IllegalStateException if a session on another master is running (Spark allows one per JVM)
     */
    public static Handle start(String master) {
        return start(master, SparkSecurity.of(master));
    }

    /**
     * A session on {@code master} with the secret of {@code security} (its other settings are Spark's own and
     * reach Spark unchanged); a running session is borrowed as by {@link #start(String)}.
     */
    public static Handle start(String master, SparkSecurity security) {
        Objects.requireNonNull(master, "master");
        SparkSession running = SparkSession.getActiveSession().isDefined() ? SparkSession.getActiveSession().get()
                : SparkSession.getDefaultSession().isDefined() ? SparkSession.getDefaultSession().get() : null;
        if (running != null && !running.sparkContext().isStopped()) {
            String other = running.sparkContext().master();
            if (!other.equals(master)) {
                throw new IllegalStateException("this JVM already runs Spark on " + other + "; cannot start " + master);
            }
            return new Handle(running, false, 0);
        }
        long t0 = System.nanoTime();
        SparkSession.Builder b = SparkSession.builder().appName("fabricsim").master(master);
        if (MasterUrl.isLocal(master)) {
            if (System.getenv("SPARK_LOCAL_IP") == null && System.getenv("SPARK_LOCAL_HOSTNAME") == null) {
                // what SPARK_LOCAL_HOSTNAME would do: executors and block managers of this JVM name 127.0.0.1
                // (and Spark does not warn that the host name resolves to a loopback address)
                org.apache.spark.util.Utils.setCustomHostname("127.0.0.1");
            }
            unlessSet(b, "spark.driver.host", "127.0.0.1");
            unlessSet(b, "spark.driver.bindAddress", "127.0.0.1");
        }
        unlessSet(b, "spark.ui.enabled", "false");
        unlessSet(b, "spark.ui.showConsoleProgress", "false");
        unlessSet(b, "spark.sql.debug.maxToStringFields", "1000"); // wide aggregations: no truncation warning
        // Session artifacts (jars and classes added per session) are not used here. Isolating them makes executors
        // load generated code's classes through a loader that asks the driver over RPC; in local mode with
        // spark.network.crypto.enabled, the driver's RPC server ends up loading its cipher through that loader
        // while a task holds the loader and waits for the server: a deadlock (D181).
        unlessSet(b, "spark.sql.artifact.isolation.enabled", "false");
        security.configure(b);
        SparkSession session = b.getOrCreate();
        if (System.getProperty("spark.sql.shuffle.partitions") == null) {
            int parallelism = session.sparkContext().defaultParallelism();
            session.conf().set("spark.sql.shuffle.partitions", Integer.toString(Math.max(1, Math.min(200, parallelism))));
        }
        return new Handle(session, true, (System.nanoTime() - t0) / 1e9);
    }

    private static void unlessSet(SparkSession.Builder b, String key, String value) {
        if (System.getProperty(key) == null) {
            b.config(key, value);
        }
    }
}
