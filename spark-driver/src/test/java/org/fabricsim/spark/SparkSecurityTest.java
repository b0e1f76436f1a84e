package org.fabricsim.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fabricsim.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Spark's security settings as the driver checks them before Spark starts: no Spark here, only the rules. */
class SparkSecurityTest {
    private static final String SECRET = "pa55-word-of-the-cluster";
    private static final String STANDALONE = "spark://10.0.0.5:7077";

    @TempDir
    Path dir;

    private final Map<String, String> properties = new HashMap<>();
    private final Map<String, String> env = new HashMap<>();

    private SparkSecurity security(String master) {
        return SparkSecurity.of(master, properties::get, env::get, List.of("-Xmx3g", "org.fabricsim.cli.Main sweep x"));
    }

    /** One line that says {@code expected} and never shows the secret. */
    private void assertRefused(String master, String expected) {
        InputException e = assertThrows(InputException.class, () -> security(master));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertFalse(e.getMessage().contains(SECRET), "the secret is not shown: " + e.getMessage());
    }

    private Path secretFile(String content) throws IOException {
        Path f = dir.resolve("secret");
        Files.writeString(f, content);
        return f;
    }

    private void authenticated() {
        properties.put("spark.authenticate", "true");
        properties.put("spark.network.crypto.enabled", "true");
        properties.put("spark.io.encryption.enabled", "true");
    }

    @Test
    void nothingAskedIsNothingChecked() {
        for (String master : List.of("local[*]", STANDALONE, "yarn", "k8s://https://k:6443")) {
            assertTrue(security(master).toString().contains("authenticate false"));
        }
    }

    @Test
    void theSecretComesFromAFileTheEnvironmentOrSparkSPropertiesFile() throws IOException {
        authenticated();
        env.put(SparkSecret.FILE_VARIABLE, secretFile("  " + SECRET + "\n").toString());
        SparkSecret fromFile = SparkSecret.find(properties::get, env::get).orElseThrow();
        assertEquals(SECRET, fromFile.value(), "surrounding white space dropped, as in Spark's properties files");
        assertEquals(SparkSecret.FILE_VARIABLE, fromFile.source());
        env.clear();
        env.put(SparkSecret.VARIABLE, SECRET);
        assertEquals(SparkSecret.VARIABLE, SparkSecret.find(properties::get, env::get).orElseThrow().source());
        env.clear();
        properties.put(SparkSecret.PROPERTY, SECRET);
        SparkSecret fromProperties = SparkSecret.find(properties::get, env::get).orElseThrow();
        assertEquals(SECRET, fromProperties.value());
        // the standalone master accepts any of them; neither object shows the secret
        SparkSecurity s = security(STANDALONE);
        assertFalse(s.toString().contains(SECRET), s.toString());
        assertFalse(fromProperties.toString().contains(SECRET), fromProperties.toString());
    }

    @Test
    void aStandaloneMasterNeedsTheSecretItsWorkersShare() {
        authenticated();
        assertRefused(STANDALONE, "spark.authenticate=true on " + STANDALONE + " needs the secret the cluster's"
                + " master and workers share: put it in a file only you can read and set FABRICSIM_SPARK_SECRET_FILE=FILE");
        assertRefused("local-cluster[2,1,1024]", "needs the secret");
        // local, YARN and Kubernetes: Spark makes one for each application
        for (String master : List.of("local[2]", "yarn", "k8s://https://k:6443")) {
            assertTrue(security(master).toString().contains("authenticate true"), master);
        }
    }

    @Test
    void aSecretThatCannotBeReadIsRefusedWithTheOperatingSystemSReason() throws IOException {
        authenticated();
        env.put(SparkSecret.FILE_VARIABLE, dir.resolve("missing").toString());
        assertRefused(STANDALONE, "FABRICSIM_SPARK_SECRET_FILE: cannot read the secret: " + dir.resolve("missing")
                + ": No such file or directory");
        env.put(SparkSecret.FILE_VARIABLE, dir.toString());
        assertRefused(STANDALONE, "FABRICSIM_SPARK_SECRET_FILE: " + dir + " is a directory");
        env.put(SparkSecret.FILE_VARIABLE, secretFile(" \n").toString());
        assertRefused(STANDALONE, "FABRICSIM_SPARK_SECRET_FILE: " + dir.resolve("secret") + " holds no secret (it is empty)");
        Files.write(dir.resolve("secret"), new byte[] {(byte) 0xff, (byte) 0xfe, 'x'});
        assertRefused(STANDALONE, "is not UTF-8 text");
        env.put(SparkSecret.FILE_VARIABLE, "");
        assertRefused(STANDALONE, "FABRICSIM_SPARK_SECRET_FILE is set but empty");
        env.clear();
        env.put(SparkSecret.VARIABLE, "");
        assertRefused(STANDALONE, "FABRICSIM_SPARK_SECRET: the Spark secret is empty");
    }

    @Test
    void oneSourceOnly() throws IOException {
        authenticated();
        env.put(SparkSecret.FILE_VARIABLE, secretFile(SECRET).toString());
        properties.put(SparkSecret.PROPERTY, SECRET);
        assertRefused(STANDALONE, "the Spark secret is given by both FABRICSIM_SPARK_SECRET_FILE and"
                + " spark.authenticate.secret: keep one");
    }

    @Test
    void theSecretOnTheCommandLineIsRefused() {
        authenticated();
        properties.put(SparkSecret.PROPERTY, SECRET);
        for (String arg : List.of("-Dspark.authenticate.secret=" + SECRET,
                "org.apache.spark.deploy.SparkSubmit --conf spark.authenticate.secret=" + SECRET + " app.jar")) {
            InputException e = assertThrows(InputException.class,
                    () -> SparkSecurity.of(STANDALONE, properties::get, env::get, List.of("-Xmx1g", arg)));
            assertEquals("spark.authenticate.secret is on the command line, where every user of this machine can"
                    + " read it (ps): put the secret in a file only you can read and set FABRICSIM_SPARK_SECRET_FILE=FILE",
                    e.getMessage());
        }
    }

    @Test
    void encryptionWithoutAuthenticationIsRefused() {
        properties.put("spark.network.crypto.enabled", "true");
        assertRefused("local[*]", "spark.network.crypto.enabled=true needs spark.authenticate=true: the encryption"
                + " key is agreed during authentication");
        properties.clear();
        properties.put("spark.io.encryption.enabled", "true");
        assertRefused("local[*]", "spark.io.encryption.enabled=true needs spark.authenticate=true and"
                + " spark.network.crypto.enabled=true (or spark.ssl.rpc.enabled=true): executors receive the key over RPC");
        properties.put("spark.authenticate", "true");
        assertRefused("yarn", "spark.io.encryption.enabled=true needs");
        properties.put("spark.ssl.rpc.enabled", "true"); // TLS instead of Spark's AES protocol
        assertTrue(security("yarn").toString().contains("authenticate true"));
    }

    @Test
    void aSecretWithoutAuthenticationIsRefused() {
        env.put(SparkSecret.VARIABLE, SECRET);
        assertRefused(STANDALONE, "a Spark secret is given (FABRICSIM_SPARK_SECRET) but spark.authenticate is not"
                + " true, so nothing would be authenticated");
        properties.put("spark.authenticate", "false");
        assertRefused("local[1]", "nothing would be authenticated");
    }

    @Test
    void switchesAreTrueOrFalse() {
        properties.put("spark.authenticate", " TRUE ");
        assertTrue(security("local[1]").toString().contains("authenticate true"), "Spark's reading: trimmed, any case");
        properties.put("spark.authenticate", "yes");
        assertRefused("local[1]", "spark.authenticate: must be true or false (got 'yes')");
        properties.clear();
        properties.put("spark.io.encryption.enabled", "1");
        assertRefused("local[1]", "spark.io.encryption.enabled: must be true or false (got '1')");
    }

    @Test
    void sparkSSecretFilesAreForKubernetes() throws IOException {
        authenticated();
        properties.put("spark.authenticate.secret.file", secretFile(SECRET).toString());
        assertRefused(STANDALONE, "spark.authenticate.secret.file is read by Spark on Kubernetes only: on "
                + STANDALONE + " put the secret in a file and set FABRICSIM_SPARK_SECRET_FILE=FILE");
        String k8s = "k8s://https://k:6443";
        assertTrue(security(k8s).toString().contains("authenticate true"));
        properties.clear();
        authenticated();
        properties.put("spark.authenticate.secret.driver.file", dir.resolve("secret").toString());
        assertRefused(k8s, "spark.authenticate.secret.driver.file and spark.authenticate.secret.executor.file go"
                + " together (or set spark.authenticate.secret.file for both)");
        properties.put("spark.authenticate.secret.executor.file", "/mnt/secrets/executor");
        assertTrue(security(k8s).toString().contains("authenticate true"), "the executors' file is in their pods");
        properties.put("spark.authenticate.secret.driver.file", dir.resolve("gone").toString());
        assertRefused(k8s, "spark.authenticate.secret.driver.file: " + dir.resolve("gone") + ": No such file or directory");
    }
}
