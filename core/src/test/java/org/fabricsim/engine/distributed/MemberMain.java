package org.fabricsim.engine.distributed;

import java.util.List;

/**
 * A cluster member in its own JVM for the multi-JVM tests: {@code MemberMain PORT SEED-NODE [other]}; with
 * {@code other} it registers different wire classes, as a member of another build would.
 */
public final class MemberMain {
    private MemberMain() {
    }

    public static void main(String[] args) throws Exception {
        var system = DistributedRun.startMember(ClusterConfig.member("127.0.0.1", Integer.parseInt(args[0]),
                List.of(args[1]), args.length > 2 ? List.of(Phold.Spec.class.getName()) : DistributedRunTest.WIRE));
        System.out.println("member up");
        system.getWhenTerminated().toCompletableFuture().get();
    }
}
