package org.fabricsim.engine.distributed;

import java.util.List;

/** A cluster member in its own JVM for the multi-JVM tests: {@code MemberMain PORT SEED-NODE}. */
public final class MemberMain {
    private MemberMain() {
    }

    public static void main(String[] args) throws Exception {
        var system = DistributedRun.startMember(ClusterConfig.member("127.0.0.1", Integer.parseInt(args[0]),
                List.of(args[1]), DistributedRunTest.WIRE));
        System.out.println("member up");
        system.getWhenTerminated().toCompletableFuture().get();
    }
}
