package org.fabricsim.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.spark.SecurityManager;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkEnv;
import org.apache.spark.rpc.RpcAddress;
import org.apache.spark.rpc.RpcEnv;
import org.apache.spark.sql.SparkSession;
import org.fabricsim.cli.Main;
import org.fabricsim.io.Json;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.config.Configurator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import scala.Option;

/**
 * A sweep on a Spark session with authentication, RPC encryption and I/O encryption on (local mode, where
 * Spark makes the secret): the same bytes as without; and the driver's RPC port, on loopback, answers a client
 * that has the secret but not one with another secret or none (docs/SPARK.md, "Security").
 */
class SparkAuthenticationTest {
    private static final String MASTER = "local[2]";
    private static final Map<String, String> SECURE = Map.of("spark.authenticate", "true",
            "spark.network.crypto.enabled", "true", "spark.io.encryption.enabled", "true");

    @TempDir
    Path dir;

    @Test
    @Timeout(300) // a bound for a hung connection, not a measurement
    void anAuthenticatedEncryptedSweepGivesTheSameBytesAndItsDriverRefusesStrangers() throws Exception {
        Path conf = SweepFiles.write(dir, "sweep.conf", SweepFiles.SMALL);
        assertFalse(SparkSession.getDefaultSession().isDefined() || SparkSession.getActiveSession().isDefined(),
                "no session left running by another test (it would be borrowed)");
        Path secured = dir.resolve("secured");
        String secret;
        Map<String, String> saved = set(SECURE);
        // the refused connections below are logged by Spark as errors, on both ends and after the fact: expected
        String[] quiet = {"org.apache.spark.network", "org.apache.spark.rpc"};
        try (SparkSessions.Handle spark = SparkSessions.start(MASTER)) {
            // the sweep as a user runs it, with the -D settings above; it borrows this session (one per JVM)
            sweep(conf, secured);

            SecurityManager security = SparkEnv.get().securityManager();
            RpcAddress driver = SparkEnv.get().rpcEnv().address();
            assertEquals("127.0.0.1", driver.host(), "loopback only");
            String appId = spark.session().sparkContext().applicationId();
            secret = security.getSecretKey();
            Throwable answered = refusal(driver, appId, secret);
            assertNull(answered, () -> "a client with the secret is answered: " + chain(answered));
            for (String logger : quiet) {
                Configurator.setLevel(logger, Level.OFF);
            }
            // the connection is dropped during the handshake: the client's outbox stops before the lookup is sent
            assertNotNull(refusal(driver, appId, "not-the-secret"), "a client with another secret is refused");
            Throwable none = refusal(driver, appId, null);
            assertNotNull(none, "a client without authentication is refused");
            assertTrue(chain(none).contains("Expected SaslMessage"), "the driver wanted a handshake: " + chain(none));
        } finally {
            set(saved);
        }
        Path plain = dir.resolve("plain");
        try {
            sweep(conf, plain);
        } finally {
            // after the session stopped and a whole sweep ran since: a refused client's outbox reports its closed
            // channel from Netty's thread after the fact (an ERROR with a trace in mvn's output, when restored at
            // the session's stop)
            for (String logger : quiet) {
                Configurator.setLevel(logger, Level.WARN); // conf/log4j2.xml's level for org.apache.spark
            }
        }
        SweepFiles.assertSameResults(secured, plain);

        JsonNode on = Json.read(secured.resolve("run.json")).get("spark_security");
        assertTrue(on.get("authenticate").asBoolean() && on.get("rpc_encryption").asBoolean()
                && on.get("io_encryption").asBoolean(), on.toString());
        assertEquals("made by Spark for this application", on.get("secret").asText());
        try (var files = Files.list(secured)) {
            for (Path f : files.toList()) {
                assertFalse(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1).contains(secret), f.toString());
            }
        }
        JsonNode off = Json.read(plain.resolve("run.json")).get("spark_security");
        assertFalse(off.get("authenticate").asBoolean() || off.get("rpc_encryption").asBoolean()
                || off.get("io_encryption").asBoolean(), off.toString());
        assertTrue(off.get("secret").isNull(), off.toString());
    }

    /** {@code fabricsim sweep} into {@code out}; its report on stdout is not needed, its stderr explains a failure. */
    private static void sweep(Path conf, Path out) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.execute(new String[] {"sweep", conf.toString(), "--master", MASTER, "--out", out.toString(),
                "--progress", "off"}, new PrintStream(OutputStream.nullOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
    }

    /** The messages of an exception and its causes. */
    private static String chain(Throwable t) {
        StringBuilder b = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            b.append(" <- ").append(c);
        }
        return b.toString();
    }

    /**
     * Why the driver's RPC endpoint does not answer a Spark RPC client (a lookup of its block manager master)
     * with {@code secret} (without authentication when null), or null if it answers.
     */
    private static Throwable refusal(RpcAddress driver, String appId, String secret) {
        SparkConf conf = new SparkConf(false).set("spark.app.id", appId).set("spark.rpc.lookupTimeout", "30s")
                .set("spark.authenticate", Boolean.toString(secret != null))
                .set("spark.network.crypto.enabled", Boolean.toString(secret != null));
        // in this JVM Spark keeps the driver's secret where any SecurityManager finds it first: say it here
        SecurityManager client = new SecurityManager(conf, Option.empty(), SecurityManager.$lessinit$greater$default$3()) {
            @Override
            public String logName() {
                return SecurityManager.class.getName(); // its INFO lines stay under Spark's WARN level
            }

            @Override
            public String getSecretKey() {
                return secret;
            }

            @Override
            public String getSecretKey(String app) {
                return secret;
            }
        };
        RpcEnv rpc = RpcEnv.create("fabricsim-test-client", "127.0.0.1", 0, conf, client, true);
        try {
            rpc.setupEndpointRef(driver, "BlockManagerMaster");
            return null;
        } catch (Exception e) { // Scala throws SparkException, a checked exception in Java's terms
            return e;
        } finally {
            rpc.shutdown();
        }
    }

    /** Sets system properties (null: clears) and returns their previous values. */
    private static Map<String, String> set(Map<String, String> values) {
        Map<String, String> previous = new HashMap<>();
        values.forEach((k, v) -> {
            previous.put(k, System.getProperty(k));
            if (v == null) {
                System.clearProperty(k);
            } else {
                System.setProperty(k, v);
            }
        });
        return previous;
    }
}
