package org.fabricsim.spark;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.apache.spark.SparkEnv;
import org.apache.spark.sql.SparkSession;
import org.fabricsim.InputException;
import org.fabricsim.io.Json;

/**
 * Spark's security settings of a sweep, checked on the driver before Spark starts (docs/SPARK.md,
 * "Security"; D180, D181). fabricsim sets none of them and overrides none: {@code spark.authenticate},
 * {@code spark.network.crypto.enabled}, {@code spark.io.encryption.enabled}, {@code spark.ssl.*} reach Spark as
 * the user gave them ({@code spark-submit --conf}, its properties file, or {@code -D} in
 * {@code FABRICSIM_JAVA_OPTS}). What fabricsim adds is the secret from a file or the environment
 * ({@link SparkSecret}), and a one-line refusal (exit status 2) of combinations that would leave a run less
 * protected than the settings suggest, or that Spark would reject with a stack trace.
 */
public final class SparkSecurity {
    static final String AUTHENTICATE = "spark.authenticate";
    static final String RPC_ENCRYPTION = "spark.network.crypto.enabled";
    static final String IO_ENCRYPTION = "spark.io.encryption.enabled";
    static final String TLS_RPC = "spark.ssl.rpc.enabled";
    /** Spark's secret files, read by Spark itself on Kubernetes only. */
    static final String SECRET_FILE = "spark.authenticate.secret.file";
    static final String DRIVER_SECRET_FILE = "spark.authenticate.secret.driver.file";
    static final String EXECUTOR_SECRET_FILE = "spark.authenticate.secret.executor.file";

    private final String master;
    private final boolean authenticate;
    private final SparkSecret secret; // null: none given (Spark makes one, or authentication is off)
    private final String kubernetesSecretFile; // null: none

    private SparkSecurity(String master, boolean authenticate, SparkSecret secret, String kubernetesSecretFile) {
        this.master = master;
        this.authenticate = authenticate;
        this.secret = secret;
        this.kubernetesSecretFile = kubernetesSecretFile;
    }

    /** The settings of this JVM (system properties, environment, command line) for a sweep on {@code master}. */
    public static SparkSecurity of(String master) {
        List<String> commandLine = new ArrayList<>(ManagementFactory.getRuntimeMXBean().getInputArguments());
        commandLine.add(System.getProperty("sun.java.command", ""));
        return of(master, System::getProperty, System::getenv, commandLine);
    }

    /**
     * @param properties the {@code spark.*} settings Spark will see
     * @param env the environment
     * @param commandLine the JVM's arguments and its main class with its arguments (what {@code ps} shows)
     * @throws InputException for inconsistent settings or a secret that cannot be had
     */
    static SparkSecurity of(String master, UnaryOperator<String> properties, UnaryOperator<String> env,
            List<String> commandLine) {
        boolean authenticate = flag(properties, AUTHENTICATE);
        boolean rpcEncryption = flag(properties, RPC_ENCRYPTION);
        boolean ioEncryption = flag(properties, IO_ENCRYPTION);
        boolean tlsRpc = flag(properties, TLS_RPC);
        if (commandLine.stream().anyMatch(a -> a.contains(SparkSecret.PROPERTY + "="))) {
            throw new InputException(SparkSecret.PROPERTY + " is on the command line, where every user of this"
                    + " machine can read it (ps): put the secret in a file only you can read and set "
                    + SparkSecret.FILE_VARIABLE + "=FILE");
        }
        Optional<SparkSecret> secret = SparkSecret.find(properties, env);
        String kubernetesFile = kubernetesSecretFile(master, properties);
        if (!authenticate && (secret.isPresent() || kubernetesFile != null)) {
            throw new InputException("a Spark secret is given (" + secret.map(SparkSecret::source).orElse(SECRET_FILE)
                    + ") but " + AUTHENTICATE + " is not true, so nothing would be authenticated: set -D"
                    + AUTHENTICATE + "=true, or remove the secret");
        }
        if (rpcEncryption && !authenticate) {
            throw new InputException(RPC_ENCRYPTION + "=true needs " + AUTHENTICATE + "=true: the encryption key"
                    + " is agreed during authentication");
        }
        if (ioEncryption && !(authenticate && (rpcEncryption || tlsRpc))) {
            throw new InputException(IO_ENCRYPTION + "=true needs " + AUTHENTICATE + "=true and " + RPC_ENCRYPTION
                    + "=true (or " + TLS_RPC + "=true): executors receive the key over RPC");
        }
        if (authenticate && secret.isEmpty() && needsSecret(master)) {
            throw new InputException(AUTHENTICATE + "=true on " + master + " needs the secret the cluster's master"
                    + " and workers share: put it in a file only you can read and set " + SparkSecret.FILE_VARIABLE
                    + "=FILE (or " + SparkSecret.VARIABLE + ", or " + SparkSecret.PROPERTY
                    + " in spark-submit's properties file)");
        }
        return new SparkSecurity(master, authenticate, secret.orElse(null), kubernetesFile);
    }

    /** Standalone masters (and Spark's in-process one) check applications with the secret they were given. */
    private static boolean needsSecret(String master) {
        return master.startsWith("spark://") || master.startsWith("local-cluster");
    }

    /** Spark's own secret files: Kubernetes only, where the driver reads its file before it starts. */
    private static String kubernetesSecretFile(String master, UnaryOperator<String> properties) {
        String shared = properties.apply(SECRET_FILE);
        String driver = properties.apply(DRIVER_SECRET_FILE);
        String executor = properties.apply(EXECUTOR_SECRET_FILE);
        String given = shared != null ? SECRET_FILE : driver != null ? DRIVER_SECRET_FILE
                : executor != null ? EXECUTOR_SECRET_FILE : null;
        if (given == null) {
            return null;
        }
        if (!master.startsWith("k8s://")) {
            throw new InputException(given + " is read by Spark on Kubernetes only: on " + master
                    + " put the secret in a file and set " + SparkSecret.FILE_VARIABLE + "=FILE");
        }
        String driverFile = driver != null ? driver : shared;
        String executorFile = executor != null ? executor : shared;
        if (driverFile == null || executorFile == null) {
            throw new InputException(DRIVER_SECRET_FILE + " and " + EXECUTOR_SECRET_FILE + " go together (or set "
                    + SECRET_FILE + " for both)");
        }
        String key = driver != null ? DRIVER_SECRET_FILE : SECRET_FILE;
        Path file = Path.of(driverFile);
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new InputException(key + ": " + driverFile + (Files.isDirectory(file) ? " is a directory"
                    : Files.exists(file) ? ": Permission denied" : ": No such file or directory"));
        }
        return key;
    }

    private static boolean flag(UnaryOperator<String> properties, String key) {
        String value = properties.apply(key);
        if (value == null) {
            return false; // Spark's default for each of them
        }
        // Spark reads booleans with trim and toBoolean: true or false in any case; anything else fails in Spark
        switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "true":
                return true;
            case "false":
                return false;
            default:
                throw new InputException(key + ": must be true or false (got '" + value + "')");
        }
    }

    /** Passes the secret from a file or the environment to Spark (one from its properties is there already). */
    void configure(SparkSession.Builder builder) {
        if (secret != null && !secret.source().equals(SparkSecret.PROPERTY)) {
            builder.config(SparkSecret.PROPERTY, secret.value());
        }
    }

    /**
     * What protected the session that ran, for {@code run.json}: read from Spark's running security manager (a
     * borrowed session has its own settings), and where the secret came from — never the secret.
     */
    Json.Obj record() {
        org.apache.spark.SecurityManager sm = SparkEnv.get().securityManager();
        boolean on = sm.isAuthenticationEnabled();
        // local, YARN and Kubernetes (without files): Spark makes a secret for each application, unused ones aside
        String origin = !on ? null
                : kubernetesSecretFile != null ? kubernetesSecretFile
                : needsSecret(master) && secret != null ? secret.source()
                : "made by Spark for this application";
        return Json.object().put("authenticate", on)
                .put("rpc_encryption", (on && sm.isEncryptionEnabled()) || sm.isSslRpcEnabled())
                .put("io_encryption", sm.getIOEncryptionKey().isDefined())
                .put("secret", origin);
    }

    /** Whether authentication was asked for (the secret itself is never shown). */
    @Override
    public String toString() {
        return "Spark security on " + master + ": authenticate " + authenticate
                + (secret == null ? "" : ", " + secret);
    }
}
