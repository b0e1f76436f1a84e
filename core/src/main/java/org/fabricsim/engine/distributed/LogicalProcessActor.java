package org.fabricsim.engine.distributed;

import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorRefResolver;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * One logical process as a Pekko actor: owns its share of the model and its event queue, takes in the
 * batches of its neighbours, runs what is safe, sends its batches and promises ({@link ConservativeLp}),
 * and reports to the coordinator once it has reached the end time. Any failure becomes an abort with a
 * reason, never a silent stop.
 */
final class LogicalProcessActor extends AbstractBehavior<WireMessage> {
    /** Size of the pieces an LP's encoded result travels in (well inside the transport's largest frame). */
    static final int RESULT_CHUNK_BYTES = 1 << 20;

    private final Messages.CreateLp order;
    private final ActorRefResolver resolver;
    private final ActorRef<Object> coordinator;
    private ConservativeLp lp;
    /** Batches to LPs on other members, when the run sends them straight over TCP; null otherwise. */
    private DirectChannels channels;
    private ActorRef<WireMessage>[] peers;
    private boolean reported;
    private boolean continuing;
    /** A {@link Messages.Poll} waits in the mailbox. */
    private boolean pollDue;
    /** {@link #arrived}, made once rather than at every poll. */
    private final java.util.function.Consumer<WireMessage> arrivals = this::arrived;
    private boolean idleSaid;
    private long lastPercent;

    static Behavior<WireMessage> create(Messages.CreateLp order) {
        return Behaviors.setup(ctx -> new LogicalProcessActor(ctx, order));
    }

    private LogicalProcessActor(ActorContext<WireMessage> ctx, Messages.CreateLp order) {
        super(ctx);
        this.order = order;
        this.resolver = ActorRefResolver.get(ctx.getSystem());
        this.coordinator = resolver.resolveActorRef(order.coordinator());
        try {
            LpModel model = order.spec().build(order.lp(), order.parts(), order.partOf());
            this.lp = new ConservativeLp(order.runId(), order.lp(), order.parts(), model, order.spec().payloadWords(),
                    order.endPs(), ConservativeLp.MAX_BATCH_EVENTS, order.globalBound());
            if (order.channelToken() != 0) {
                var config = ctx.getSystem().settings().config();
                ActorRef<WireMessage> self = ctx.getSelf();
                channels = new DirectChannels(order.runId(), order.lp(), order.parts(), order.channelToken(),
                        config.getString("pekko.remote.artery.canonical.hostname"), DirectChannels.tls(config));
                channels.watch(WakingMailbox.of(org.apache.pekko.actor.typed.javadsl.Adapter.toClassic(self)));
            }
            coordinator.tell(new Messages.LpCreated(order.runId(), order.lp(), resolver.toSerializationFormat(ctx.getSelf()),
                    channels == null ? "" : channels.address()));
        } catch (RuntimeException | OutOfMemoryError e) { // an error would make Pekko end the JVM: abort instead
            abort("LP " + order.lp() + " could not be built: " + (e instanceof OutOfMemoryError oom
                    ? org.fabricsim.memory.OutOfMemory.line(oom) : e.getMessage()));
        } catch (java.io.IOException e) {
            abort("LP " + order.lp() + " cannot listen for its channels: " + e);
        }
    }

    @Override
    public Receive<WireMessage> createReceive() {
        return newReceiveBuilder()
                .onMessage(EventBatch.class, this::onBatch)
                .onMessage(Messages.Continue.class, c -> {
                    continuing = false;
                    return lp == null ? Behaviors.stopped() : advance();
                })
                .onMessage(Messages.Poll.class, p -> {
                    pollDue = false;
                    return lp == null ? Behaviors.stopped() : poll();
                })
                .onMessage(Messages.Start.class, this::onStart)
                .onMessage(Messages.BoundRequest.class, q -> {
                    if (lp == null) {
                        return Behaviors.stopped();
                    }
                    idleSaid = false;
                    coordinator.tell(lp.report(q.wave(), q.since()));
                    return this;
                })
                .onMessage(Messages.BoundFloor.class, f -> {
                    if (lp == null) {
                        return Behaviors.stopped();
                    }
                    return lp.raiseFloor(f.floorPs()) && peers != null ? advance() : this;
                })
                .onMessage(Messages.Stop.class, m -> Behaviors.stopped())
                .onMessage(Messages.Abort.class, m -> Behaviors.stopped())
                .onSignal(PostStop.class, s -> {
                    if (channels != null) {
                        channels.close(reported); // a goodbye after a finished run; a broken channel otherwise
                    }
                    return this;
                })
                .build();
    }

    @SuppressWarnings("unchecked")
    private Behavior<WireMessage> onStart(Messages.Start start) {
        if (lp == null) {
            return Behaviors.stopped();
        }
        peers = new ActorRef[start.lps().length];
        for (int j = 0; j < peers.length; j++) {
            peers[j] = resolver.resolveActorRef(start.lps()[j]);
            // a reference with a host is on another member (this member's own LPs resolve to local references)
            if (channels != null && lp.sendsTo(j) && !start.channels()[j].isEmpty()
                    && peers[j].path().address().hasGlobalScope()) {
                try {
                    channels.connect(j, start.channels()[j]);
                } catch (java.io.IOException e) {
                    return abort("channel LP " + order.lp() + " -> LP " + j + " cannot connect to "
                            + start.channels()[j] + ": " + e);
                }
            }
        }
        return advance();
    }

    private Behavior<WireMessage> onLost(Messages.ChannelLost m) {
        return lp == null || reported ? this : abort("channel LP " + m.from() + " -> LP " + m.to() + " broke: "
                + m.reason() + " (its member " + (peers == null ? "" : peers[m.from()].path().address() + " ")
                + "stopped or failed)");
    }

    /**
     * Reads the direct channels on this LP's thread (D203): without waiting while a stride is due, else until a
     * batch comes or a message reaches the mailbox ({@link WakingMailbox}).
     */
    private Behavior<WireMessage> poll() {
        int got;
        try {
            got = channels.poll(continuing ? 0 : -1, arrivals);
        } catch (java.io.IOException e) {
            return abort("LP " + order.lp() + " cannot read its channels: " + e);
        }
        if (lp == null) {
            return Behaviors.stopped(); // what arrived aborted the run
        }
        return got > 0 && peers != null ? advance() : pollLater();
    }

    /** Takes what {@link #poll} read: a batch or a channel that broke. */
    private void arrived(WireMessage m) {
        if (lp == null) {
            return; // aborted by an earlier arrival
        }
        if (m instanceof EventBatch b) {
            try {
                lp.receive(b);
            } catch (ConservativeLp.ChannelException e) {
                abort(e.getMessage());
            }
        } else if (m instanceof Messages.ChannelLost c) {
            onLost(c);
        }
    }

    /** Reads the direct channels again after the messages waiting in the mailbox, when this LP has them. */
    private Behavior<WireMessage> pollLater() {
        if (!pollDue && channels != null) {
            pollDue = true;
            getContext().getSelf().tell(Messages.Poll.INSTANCE);
        }
        return this;
    }

    private Behavior<WireMessage> onBatch(EventBatch batch) {
        if (lp == null) {
            return Behaviors.stopped();
        }
        try {
            lp.receive(batch);
        } catch (ConservativeLp.ChannelException e) {
            return abort(e.getMessage());
        }
        return peers == null ? this : advance(); // batches may arrive before this LP's own Start
    }

    private Behavior<WireMessage> advance() {
        try {
            for (EventBatch b : lp.step()) {
                if (channels != null && channels.connected(b.to())) {
                    channels.send(b);
                } else {
                    peers[b.to()].tell(b);
                }
            }
            if (channels != null) {
                channels.flush();
            }
        } catch (java.io.IOException e) {
            return abort("LP " + order.lp() + " cannot send over its channels: " + e);
        } catch (RuntimeException | OutOfMemoryError e) {
            return abort("LP " + order.lp() + " failed: " + (e instanceof OutOfMemoryError oom
                    ? org.fabricsim.memory.OutOfMemory.line(oom) : e));
        }
        if (lp.hasSafeWork() && !continuing) {
            // the next stride after the batches waiting in the mailbox (they may carry later promises)
            continuing = true;
            getContext().getSelf().tell(Messages.Continue.INSTANCE);
        } else if (order.globalBound() && !idleSaid && lp.waitsBeforeAnIdleStretch()) {
            // blocked before a long idle stretch: ask for the global bound (GlobalBound), once until the next wave
            // asks this LP
            idleSaid = true;
            coordinator.tell(new Messages.Idle(order.runId(), order.lp()));
        }
        long percent = Math.min(lp.safeTime(), order.endPs()) * 100 / Math.max(1, order.endPs());
        if (percent > lastPercent && percent < 100) {
            lastPercent = percent;
            coordinator.tell(new Messages.Reached(order.runId(), order.lp(), order.endPs() / 100 * percent));
        }
        if (!reported && lp.done()) {
            reported = true;
            long reachedEnd = System.nanoTime(); // before the result is collected and encoded
            int chunks = sendResult(lp.model().result());
            coordinator.tell(new Messages.LpDone(order.runId(), order.lp(), lp.model().events(), lp.realMessagesSent(),
                    lp.nullMessagesSent(), lp.batchesSent(), lp.steps(), lp.latencyNanos(), lp.batchesReceived(),
                    lp.busyNanos(), reachedEnd, lp.minLookahead(), chunks, channels == null ? 0 : channels.batchesSent()));
        }
        // after the end, too: the channels are read until the run stops, so that no writer waits on them
        return pollLater();
    }

    /**
     * Encodes this LP's result straight into pieces of {@link #RESULT_CHUNK_BYTES} told to the coordinator as
     * they fill (D99), rather than into one array first and copies of it after: the whole encoding is never
     * held twice, which at the end of a large part's run was its memory's peak (issue 16). Returns the pieces.
     */
    private int sendResult(WireMessage result) {
        Pieces pieces = new Pieces();
        com.esotericsoftware.kryo.kryo5.io.Output out = new com.esotericsoftware.kryo.kryo5.io.Output(pieces,
                64 << 10);
        WireTypes.newKryo(wireClasses(getContext().getSystem())).writeClassAndObject(out, result);
        out.flush();
        pieces.last();
        return pieces.told;
    }

    /** The bytes of a result, told to the coordinator a piece at a time (at least one piece, maybe empty). */
    private final class Pieces extends java.io.OutputStream {
        private byte[] piece = new byte[RESULT_CHUNK_BYTES];
        private int filled;
        int told;

        @Override
        public void write(int b) {
            piece[filled++] = (byte) b;
            if (filled == piece.length) {
                next();
            }
        }

        @Override
        public void write(byte[] b, int off, int len) {
            while (len > 0) {
                int n = Math.min(len, piece.length - filled);
                System.arraycopy(b, off, piece, filled, n);
                filled += n;
                off += n;
                len -= n;
                if (filled == piece.length) {
                    next();
                }
            }
        }

        private void next() {
            tell(piece);
            piece = new byte[RESULT_CHUNK_BYTES];
            filled = 0;
        }

        void last() {
            if (filled > 0 || told == 0) {
                tell(java.util.Arrays.copyOf(piece, filled));
            }
        }

        private void tell(byte[] bytes) {
            coordinator.tell(new Messages.ResultChunk(order.runId(), order.lp(), bytes));
            told++;
        }
    }

    /** The model classes that may cross the wire, from the actor system's configuration. */
    static java.util.List<String> wireClasses(org.apache.pekko.actor.typed.ActorSystem<?> system) {
        return system.settings().config().getStringList(ClusterConfig.WIRE_CLASSES);
    }

    private Behavior<WireMessage> abort(String reason) {
        coordinator.tell(new Messages.Abort(order.runId(), reason));
        lp = null;
        if (channels != null) {
            channels.close(false);
        }
        return Behaviors.stopped();
    }
}
