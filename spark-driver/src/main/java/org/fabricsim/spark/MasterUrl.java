package org.fabricsim.spark;

import java.util.regex.Pattern;
import org.fabricsim.InputException;

/**
 * The Spark master a sweep runs on: {@code --master}, else {@code spark.master} as {@code spark-submit} sets
 * it, else {@code local[*]}. Checked here, before anything starts, against the forms Spark 4 accepts, so a
 * typo is one line and exit status 2 instead of a Spark stack trace.
 */
public final class MasterUrl {
    /** The default: one JVM, as many task threads as processors. */
    public static final String DEFAULT = "local[*]";

    private static final Pattern LOCAL = Pattern.compile("local(\\[\\s*([1-9][0-9]*|\\*)\\s*(,\\s*[1-9][0-9]*\\s*)?])?");
    private static final Pattern LOCAL_CLUSTER = Pattern.compile("local-cluster\\[\\s*[1-9][0-9]*\\s*,\\s*[1-9][0-9]*\\s*,\\s*[1-9][0-9]*\\s*]");
    private static final Pattern STANDALONE = Pattern.compile("spark://[^\\s/:,]+:[0-9]{1,5}(,[^\\s/:,]+:[0-9]{1,5})*");
    private static final Pattern KUBERNETES = Pattern.compile("k8s://\\S+");

    private MasterUrl() {
    }

    /** The master to use: {@code option} if given, else {@code spark.master} if set, else {@link #DEFAULT}; checked. */
    public static String resolve(String option) {
        if (option != null) {
            return check(option.strip(), "--master");
        }
        String submitted = System.getProperty("spark.master");
        if (submitted != null && !submitted.isBlank()) {
            return check(submitted.strip(), "spark.master");
        }
        return DEFAULT;
    }

    /**
     * {@code master} if it has a form Spark accepts: {@code local}, {@code local[N]}, {@code local[*]},
     * {@code local[N,F]}, {@code local-cluster[W,C,M]}, {@code spark://HOST:PORT[,HOST:PORT...]}, {@code yarn},
     * {@code k8s://URL}.
     *
     * @param where what gave it, for the message
     * @throws InputException otherwise
     */
    public static String check(String master, String where) {
        if (LOCAL.matcher(master).matches() || LOCAL_CLUSTER.matcher(master).matches()
                || STANDALONE.matcher(master).matches() || master.equals("yarn")
                || KUBERNETES.matcher(master).matches()) {
            return master;
        }
        throw new InputException(where + ": unknown Spark master '" + master + "' (expected local, local[N], local[*],"
                + " spark://HOST:PORT, yarn or k8s://URL)");
    }

    /** How long a standalone master may take to accept a connection before it counts as unreachable. */
    static final int CONNECT_TIMEOUT_MS = 3_000;

    /**
     * Refuses a standalone master ({@code spark://HOST:PORT[,HOST:PORT...]}) none of whose addresses accepts a
     * connection within {@link #CONNECT_TIMEOUT_MS}: Spark would retry for a minute and end in a stack trace (issue
     * 34). Other masters pass.
     *
     * @param where what gave it, for the message
     */
    public static void requireReachable(String master, String where) {
        if (!master.startsWith("spark://")) {
            return;
        }
        String why = "";
        for (String hostPort : master.substring("spark://".length()).split(",")) {
            int colon = hostPort.lastIndexOf(':');
            try (java.net.Socket s = new java.net.Socket()) {
                s.connect(new java.net.InetSocketAddress(hostPort.substring(0, colon),
                        Integer.parseInt(hostPort.substring(colon + 1))), CONNECT_TIMEOUT_MS);
                return;
            } catch (java.io.IOException e) {
                why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            }
        }
        throw new InputException(where + ": cannot reach the Spark master " + master + " (" + why + "): is it running"
                + " and reachable from here? (or run locally: --master local[*])");
    }

    /** Whether the driver and its executors share this machine (then Spark binds to 127.0.0.1). */
    /**
     * How many tasks run at once in this JVM under {@code master}: N of {@code local[N]}, the cores of
     * {@code local[*]}, 1 of {@code local}; 0 for a cluster (local-cluster included), whose executors are other JVMs.
     */
    public static int tasksInThisJvm(String master) {
        java.util.regex.Matcher m = LOCAL.matcher(master.trim());
        if (!m.matches()) {
            return 0;
        }
        if (m.group(2) == null) {
            return 1;
        }
        return m.group(2).equals("*") ? Runtime.getRuntime().availableProcessors() : Integer.parseInt(m.group(2));
    }

    public static boolean isLocal(String master) {
        return master.startsWith("local");
    }
}
