package org.fabricsim.engine.distributed;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Path;
import java.util.List;

/**
 * A cluster member in its own JVM for the multi-JVM tests: {@code MemberMain PORT SEED-NODE [other] [tls=DIR]};
 * with {@code other} it registers different wire classes, as a member of another build would; with
 * {@code tls=DIR} it talks TLS with the keys {@link ClusterKeys} made in DIR.
 */
public final class MemberMain {
    private MemberMain() {
    }

    public static void main(String[] args) throws Exception {
        List<String> wire = DistributedRunTest.WIRE;
        ClusterTls tls = null;
        boolean log = false;
        for (int i = 2; i < args.length; i++) {
            if (args[i].equals("other")) {
                wire = List.of(Phold.Spec.class.getName());
            } else if (args[i].startsWith("tls=")) {
                tls = tls(Path.of(args[i].substring(4)));
            } else if (args[i].equals("log")) {
                log = true;
            }
        }
        Config config = ClusterConfig.member("127.0.0.1", Integer.parseInt(args[0]), List.of(args[1]), wire, tls);
        if (log) {
            config = ConfigFactory.parseString("""
                    pekko.loggers = ["org.apache.pekko.event.Logging$DefaultLogger"]
                    pekko.logging-filter = "org.apache.pekko.event.DefaultLoggingFilter"
                    pekko.use-slf4j = off
                    """).withFallback(config);
        }
        var system = DistributedRun.startMember(config);
        System.out.println("member up");
        system.getWhenTerminated().toCompletableFuture().get();
    }

    /** The TLS settings of the keys in {@code dir}. */
    static ClusterTls tls(Path dir) {
        return ClusterTls.open(dir.resolve(ClusterKeys.KEY_STORE), dir.resolve(ClusterKeys.TRUST_STORE),
                dir.resolve(ClusterKeys.PASSWORD), "test");
    }
}
