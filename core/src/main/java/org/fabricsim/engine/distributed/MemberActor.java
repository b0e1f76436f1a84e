package org.fabricsim.engine.distributed;

import org.apache.pekko.actor.typed.ActorRefResolver;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.apache.pekko.actor.typed.receptionist.ServiceKey;

/**
 * The resident actor of a cluster member ({@code fabricsim node}): announces itself to the receptionist
 * and builds the LPs a coordinator hands it, after checking that both sides run the same version and
 * wire protocol.
 */
final class MemberActor {
    static final ServiceKey<WireMessage> KEY = ServiceKey.create(WireMessage.class, "fabricsim-member");

    private MemberActor() {
    }

    static Behavior<WireMessage> create(String version) {
        return Behaviors.setup(ctx -> {
            ctx.getSystem().receptionist().tell(Receptionist.register(KEY, ctx.getSelf()));
            return Behaviors.receive(WireMessage.class)
                    .onMessage(Messages.CreateLp.class, order -> {
                        if (!order.version().equals(version)) {
                            ActorRefResolver.get(ctx.getSystem()).resolveActorRef(order.coordinator())
                                    .tell(new Messages.Abort(order.runId(), "member " + ctx.getSystem().address()
                                            + " runs version " + version + ", the coordinator " + order.version()));
                            return Behaviors.same();
                        }
                        ctx.spawn(LogicalProcessActor.create(order), "run-" + order.runId() + "-lp-" + order.lp(),
                                ClusterConfig.LP_PROPS);
                        return Behaviors.same();
                    })
                    .build();
        });
    }
}
