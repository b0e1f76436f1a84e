package org.fabricsim.engine.distributed;

import com.typesafe.config.Config;
import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.dispatch.Envelope;
import org.apache.pekko.dispatch.MailboxType;
import org.apache.pekko.dispatch.MessageQueue;
import org.apache.pekko.dispatch.ProducesMessageQueue;
import org.apache.pekko.dispatch.UnboundedMailbox;
import scala.Option;

/**
 * The LP actors' mailbox: Pekko's unbounded one, which also wakes its LP from waiting on its direct channels
 * ({@link DirectChannels#poll}) when a message is queued. An LP reading its channels on its own thread (D203)
 * then waits for either, without a timeout: a message from the coordinator or from an LP of the same JVM is
 * taken at once, as it is by an LP that waits in its mailbox. Configured as the LP dispatcher's
 * {@code mailbox-type} ({@link ClusterConfig}).
 */
public final class WakingMailbox implements MailboxType, ProducesMessageQueue<WakingMailbox.Queue> {
    private static final java.util.Map<ActorRef, Queue> QUEUES = new java.util.concurrent.ConcurrentHashMap<>();

    /** As Pekko creates a mailbox type: from the actor system's settings and the mailbox's configuration. */
    public WakingMailbox(ActorSystem.Settings settings, Config config) {
    }

    @Override
    public MessageQueue create(Option<ActorRef> owner, Option<ActorSystem> system) {
        Queue q = new Queue(owner.isDefined() ? owner.get() : null);
        if (q.owner != null) {
            QUEUES.put(q.owner, q);
        }
        return q;
    }

    /** The mailbox of {@code actor} (its classic reference), when it is one of these; null otherwise. */
    static Queue of(ActorRef actor) {
        return QUEUES.get(actor);
    }

    /** A mailbox that wakes its LP's channels after each message it queues. */
    static final class Queue extends UnboundedMailbox.MessageQueue {
        private final ActorRef owner;
        private volatile DirectChannels channels;

        Queue(ActorRef owner) {
            this.owner = owner;
        }

        void wakes(DirectChannels c) {
            channels = c;
        }

        @Override
        public void enqueue(ActorRef receiver, Envelope handle) {
            super.enqueue(receiver, handle);
            DirectChannels c = channels;
            if (c != null) {
                c.wakeup();
            }
        }

        @Override
        public void cleanUp(ActorRef owner, MessageQueue deadLetters) {
            if (this.owner != null) {
                QUEUES.remove(this.owner, this);
            }
            channels = null;
            super.cleanUp(owner, deadLetters);
        }
    }
}
