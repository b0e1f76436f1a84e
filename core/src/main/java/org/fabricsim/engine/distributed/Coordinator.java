package org.fabricsim.engine.distributed;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorRefResolver;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.ChildFailed;
import org.apache.pekko.actor.typed.Terminated;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Subscribe;

/**
 * The driver's side of a run: hands out the LPs (to local children, or to the members the receptionist
 * lists), tells every LP where the others are, waits for every LP to reach the end time, merges their
 * results. Whatever breaks — an LP that fails or stops, a member that becomes unreachable or leaves, a
 * version mismatch, a broken channel — ends the run at once with the reason.
 */
final class Coordinator extends AbstractBehavior<Object> {
    /**
     * What to run. {@code members} = 0: all LPs are children of this actor, in this JVM. Otherwise the cluster
     * must have exactly {@code members} members, this one included, and when {@code expected} (the other
     * members' {@code host:port}) is not empty, exactly those: anyone else who joins makes the run refuse.
     * {@code directChannels}: batches between LPs on different members go over {@link DirectChannels}, not Artery.
     * {@code driverRunsLps}: the driver is one of the members the LPs are dealt to; when false it only coordinates
     * and merges the results, and the LPs go to the other members (issue 16: an LP's memory is then its JVM's).
     */
    record Request(long runId, String version, ModelSpec spec, int parts, int[] partOf, long endPs, int members,
            List<String> expected, java.time.Duration joinTimeout, boolean globalBound,
            java.util.function.LongConsumer progress, boolean directChannels, boolean driverRunsLps) {
    }

    /** The members did not all join in time. */
    private record JoinTimeout() {
    }

    private final Request request;
    private final CompletableFuture<RunResult> future;
    private final ActorRefResolver resolver;
    private final String[] lpRefs;
    private final String[] channels;
    /** Handed to this run's LPs only (over Artery, TLS where the cluster has keys): their channels greet with it. */
    private final long channelToken;
    @SuppressWarnings("unchecked")
    private final ActorRef<WireMessage>[] lps;
    /** The global bound for 3 LPs or more (2 have their own, ConservativeLp); null otherwise. */
    private final GlobalBound bound;
    private boolean started;
    private final Messages.LpDone[] done;
    private final List<List<byte[]>> resultPieces; // per LP, as they arrive: decoded from the pieces, never joined
    private final int[] resultChunks;
    private int created;
    private int members;
    private final long[] reached;
    private long reported;
    private final java.util.Set<Address> hosts = new java.util.HashSet<>();
    /** The cluster's members when the LPs were handed out: the only ones allowed in until the run ends. */
    private final java.util.Set<Address> admitted = new java.util.HashSet<>();
    private int finished;
    private boolean assigned;
    private long startNanos;

    static Behavior<Object> create(Request request, CompletableFuture<RunResult> future) {
        return Behaviors.setup(ctx -> new Coordinator(ctx, request, future));
    }

    private Coordinator(ActorContext<Object> ctx, Request request, CompletableFuture<RunResult> future) {
        super(ctx);
        this.request = request;
        this.future = future;
        this.resolver = ActorRefResolver.get(ctx.getSystem());
        this.lpRefs = new String[request.parts()];
        this.channels = new String[request.parts()];
        long token = 0;
        while (request.directChannels() && request.members() > 0 && token == 0) {
            token = new java.security.SecureRandom().nextLong();
        }
        this.channelToken = token;
        this.lps = new ActorRef[request.parts()];
        this.bound = request.globalBound() && request.parts() > 2 ? new GlobalBound(request.parts()) : null;
        this.done = new Messages.LpDone[request.parts()];
        this.resultPieces = new ArrayList<>();
        for (int lp = 0; lp < request.parts(); lp++) {
            resultPieces.add(new ArrayList<>());
        }
        this.resultChunks = new int[request.parts()];
        this.reached = new long[request.parts()];
        if (request.members() == 0) {
            for (int lp = 0; lp < request.parts(); lp++) {
                ctx.watch(ctx.spawn(LogicalProcessActor.create(order(lp)), "lp-" + lp, ClusterConfig.LP_PROPS));
            }
            assigned = true;
        } else {
            ActorRef<Receptionist.Listing> listings = ctx.messageAdapter(Receptionist.Listing.class, l -> l);
            ctx.getSystem().receptionist().tell(Receptionist.subscribe(MemberActor.KEY, listings));
            Cluster cluster = Cluster.get(ctx.getSystem());
            cluster.subscriptions().tell(Subscribe.create(ctx.messageAdapter(ClusterEvent.MemberEvent.class, e -> e),
                    ClusterEvent.MemberEvent.class));
            cluster.subscriptions().tell(Subscribe.create(
                    ctx.messageAdapter(ClusterEvent.ReachabilityEvent.class, e -> e), ClusterEvent.ReachabilityEvent.class));
            ctx.scheduleOnce(request.joinTimeout(), ctx.getSelf(), new JoinTimeout());
        }
    }

    private Messages.CreateLp order(int lp) {
        return new Messages.CreateLp(request.runId(), request.version(), lp, request.parts(), request.partOf(),
                request.endPs(), request.spec(), resolver.toSerializationFormat(getContext().getSelf()), bound != null,
                channelToken);
    }

    @Override
    public Receive<Object> createReceive() {
        return newReceiveBuilder()
                .onMessage(Receptionist.Listing.class, this::onListing)
                .onMessage(Messages.LpCreated.class, this::onCreated)
                .onMessage(Messages.ResultChunk.class, this::onChunk)
                .onMessage(Messages.LpDone.class, this::onDone)
                .onMessage(Messages.Reached.class, this::onReached)
                .onMessage(Messages.Idle.class, i -> i.runId() == request.runId() && bound != null && started
                        ? ask(bound.onIdle()) : this)
                .onMessage(Messages.BoundReport.class, this::onBoundReport)
                .onMessage(Messages.Abort.class, a -> fail(a.reason()))
                .onMessage(JoinTimeout.class, t -> assigned ? this : fail("only " + members + " of "
                        + request.members() + " members joined within " + request.joinTimeout().toSeconds() + " s"
                        + " (are the seed nodes up, and do all members use the same cluster keys? a member without"
                        + " the cluster's certificate, or without TLS where the others use it, is refused)"))
                .onMessage(ClusterEvent.MemberJoined.class, e -> joined(e.member().address()))
                .onMessage(ClusterEvent.MemberWeaklyUp.class, e -> joined(e.member().address()))
                .onMessage(ClusterEvent.MemberUp.class, e -> joined(e.member().address()))
                .onMessage(ClusterEvent.UnreachableMember.class, e -> lost(e.member().address(), "is unreachable"))
                .onMessage(ClusterEvent.MemberRemoved.class, e -> lost(e.member().address(), "left"))
                .onMessage(ClusterEvent.MemberLeft.class, e -> lost(e.member().address(), "is leaving"))
                .onMessage(ClusterEvent.MemberEvent.class, e -> this)
                .onMessage(ClusterEvent.ReachabilityEvent.class, e -> this)
                .onSignal(ChildFailed.class, s -> fail("an LP failed: " + s.cause()))
                .onSignal(Terminated.class, s -> fail("LP " + s.getRef().path().name() + " stopped before the end"))
                .build();
    }

    /** A member changed: the run fails only if it hosts one of this run's LPs (not, e.g., a finished driver). */
    private Behavior<Object> lost(Address member, String what) {
        return hosts.contains(member) ? fail("member " + member + " " + what) : this;
    }

    /** Membership is exact: a member nobody asked for makes the run refuse, before or during it. */
    private Behavior<Object> joined(Address member) {
        if (assigned) {
            return admitted.contains(member) ? this : refuse(List.of(member.toString()), "during the run");
        }
        if (!invited(member)) {
            return refuse(List.of(member.toString()), "uninvited");
        }
        java.util.Set<Address> active = activeMembers();
        return active.size() > request.members() ? tooMany(active) : this;
    }

    private Behavior<Object> refuse(List<String> strangers, String when) {
        return fail("member" + (strangers.size() > 1 ? "s " : " ") + String.join(", ", strangers) + " joined the"
                + " cluster " + when + "; the run expects " + expectation() + " and refuses the others"
                + " (docs/DISTRIBUTED.md, \"Security\")");
    }

    private Behavior<Object> tooMany(java.util.Set<Address> active) {
        return fail(active.size() + " members joined the cluster (" + String.join(", ",
                active.stream().map(Address::toString).toList()) + ") but the run expects " + expectation()
                + ": stop the others, or list the expected ones in engine.cluster.members");
    }

    /** Before the LPs are handed out: any member when only a count is expected, else only the listed ones. */
    private boolean invited(Address member) {
        return request.expected().isEmpty() || member.equals(self())
                || request.expected().contains(member.host().getOrElse(() -> "") + ":" + member.port().getOrElse(() -> 0));
    }

    private String expectation() {
        return request.expected().isEmpty() ? request.members() + " members (this driver included)"
                : "this driver and " + String.join(", ", request.expected());
    }

    private Address self() {
        return Cluster.get(getContext().getSystem()).selfMember().address();
    }

    /**
     * The cluster's members now, but for those leaving (a finished run's driver is listed a little longer) and
     * those unreachable (a driver killed outright stays a member, unreachable, as nothing downs it).
     */
    private java.util.Set<Address> activeMembers() {
        java.util.Set<Address> active = new java.util.TreeSet<>(Comparator.comparing(Address::toString));
        var state = Cluster.get(getContext().getSystem()).state();
        for (Member m : state.getMembers()) {
            MemberStatus status = m.status();
            if ((status.equals(MemberStatus.up()) || status.equals(MemberStatus.weaklyUp())
                    || status.equals(MemberStatus.joining())) && !state.getUnreachable().contains(m)) {
                active.add(m.address());
            }
        }
        return active;
    }

    private Behavior<Object> onListing(Receptionist.Listing listing) {
        if (assigned) {
            return this;
        }
        java.util.Set<Address> active = activeMembers();
        List<ActorRef<WireMessage>> members = new ArrayList<>();
        for (ActorRef<WireMessage> m : listing.getServiceInstances(MemberActor.KEY)) {
            Address at = m.path().address();
            if (active.contains(at.hasGlobalScope() ? at : self())) {
                members.add(m);
            }
        }
        // the members present, this driver included even when it runs no LP (and so lists no member actor)
        this.members = members.size() + (request.driverRunsLps() ? 0 : 1);
        List<String> strangers = active.stream().filter(a -> !invited(a)).map(Address::toString).toList();
        if (!strangers.isEmpty()) {
            return refuse(strangers, "uninvited");
        }
        if (active.size() > request.members()) {
            return tooMany(active);
        }
        if (this.members < request.members()) {
            return this;
        }
        admitted.addAll(active);
        // deterministic placement: members in address order, LP k on member k mod members
        members.sort(Comparator.comparing(r -> resolver.toSerializationFormat(r)));
        Address self = self();
        for (int lp = 0; lp < request.parts(); lp++) {
            ActorRef<WireMessage> member = members.get(lp % members.size());
            Address at = member.path().address();
            hosts.add(at.hasGlobalScope() ? at : self);
            member.tell(order(lp));
        }
        assigned = true;
        return this;
    }

    private Behavior<Object> onCreated(Messages.LpCreated c) {
        if (c.runId() != request.runId() || lpRefs[c.lp()] != null) {
            return this;
        }
        lpRefs[c.lp()] = c.ref();
        channels[c.lp()] = c.channel();
        if (request.members() > 0) {
            getContext().watch(resolver.resolveActorRef(c.ref()));
        }
        if (++created == request.parts()) {
            startNanos = System.nanoTime();
            Messages.Start start = new Messages.Start(request.runId(), lpRefs.clone(), channels.clone());
            for (int lp = 0; lp < lpRefs.length; lp++) {
                lps[lp] = resolver.resolveActorRef(lpRefs[lp]);
                lps[lp].tell(start);
            }
            started = true;
        }
        return this;
    }

    /** Starts wave {@code wave} of the global bound (-1: none to start). */
    private Behavior<Object> ask(long wave) {
        if (wave > 0) {
            for (int lp = 0; lp < lps.length; lp++) {
                lps[lp].tell(bound.request(request.runId(), lp));
            }
        }
        return this;
    }

    private Behavior<Object> onBoundReport(Messages.BoundReport r) {
        if (r.runId() != request.runId() || bound == null) {
            return this;
        }
        GlobalBound.Outcome o = bound.onReport(r);
        if (o != null) {
            for (int lp = 0; lp < lps.length; lp++) {
                lps[lp].tell(new Messages.BoundFloor(request.runId(), r.wave(), o.floors()[lp]));
            }
            ask(o.nextWave());
        }
        return this;
    }

    private Behavior<Object> onReached(Messages.Reached r) {
        if (r.runId() != request.runId()) {
            return this;
        }
        reached[r.lp()] = Math.max(reached[r.lp()], r.reachedPs());
        long slowest = Long.MAX_VALUE;
        for (long t : reached) {
            slowest = Math.min(slowest, t);
        }
        if (slowest > reported) {
            reported = slowest;
            request.progress().accept(slowest);
        }
        return this;
    }

    private Behavior<Object> onChunk(Messages.ResultChunk c) {
        if (c.runId() != request.runId() || done[c.lp()] != null) {
            return this;
        }
        resultPieces.get(c.lp()).add(c.bytes());
        resultChunks[c.lp()]++;
        return this;
    }

    private Behavior<Object> onDone(Messages.LpDone d) {
        if (d.runId() != request.runId() || done[d.lp()] != null) {
            return this;
        }
        if (resultChunks[d.lp()] != d.resultChunks()) {
            // pieces travel in order from one sender and are never silently dropped but for a broken transport
            return fail("LP " + d.lp() + "'s result arrived incomplete: " + resultChunks[d.lp()] + " of "
                    + d.resultChunks() + " pieces");
        }
        done[d.lp()] = d;
        if (++finished < request.parts()) {
            return this;
        }
        long wall = System.nanoTime() - startNanos;
        long lastEnd = Long.MIN_VALUE;
        long[] busy = new long[done.length];
        for (int lp = 0; lp < done.length; lp++) {
            lastEnd = Math.max(lastEnd, done[lp].reachedEndNanos());
            busy[lp] = done[lp].busyNanos();
        }
        // the LPs' clocks are this JVM's (or, on one machine, the same monotonic clock): without their result
        // encoding; on other machines the figure is meaningless and the coordinator's own measure stays
        if (lastEnd - startNanos > 0 && lastEnd - startNanos <= wall) {
            wall = lastEnd - startNanos;
        }
        WireMessage[] results = new WireMessage[done.length];
        KryoSerializer wire = new KryoSerializer(LogicalProcessActor.wireClasses(getContext().getSystem()));
        long events = 0;
        long real = 0;
        long nulls = 0;
        long batches = 0;
        long steps = 0;
        long latency = 0;
        long received = 0;
        long direct = 0;
        long lookahead = Long.MAX_VALUE;
        for (int lp = 0; lp < done.length; lp++) {
            lookahead = Math.min(lookahead, done[lp].minLookaheadPs());
            steps += done[lp].steps();
            latency += done[lp].latencyNanos();
            received += done[lp].batchesReceived();
            events += done[lp].events();
            real += done[lp].realMessagesSent();
            nulls += done[lp].nullMessagesSent();
            batches += done[lp].batchesSent();
            direct += done[lp].directBatches();
        }
        stopLps();
        try {
            for (int lp = 0; lp < done.length; lp++) {
                results[lp] = (WireMessage) wire.fromPieces(resultPieces.get(lp));
                resultPieces.set(lp, List.of());
            }
            future.complete(new RunResult(request.spec().merge(results), request.parts(), events, real, nulls, batches, wall,
                    steps, received == 0 ? 0 : latency / (double) received, busy, lookahead,
                    bound == null ? 0 : bound.waves(), direct));
        } catch (RuntimeException e) {
            future.completeExceptionally(e);
        } catch (OutOfMemoryError e) { // decoding and merging the parts' results: the run's largest allocations
            resultPieces.clear();
            future.completeExceptionally(org.fabricsim.memory.OutOfMemory.of(e));
        }
        return Behaviors.stopped();
    }

    private Behavior<Object> fail(String reason) {
        stopLps();
        future.completeExceptionally(new DistributedRunException(reason));
        return Behaviors.stopped();
    }

    private void stopLps() {
        for (int lp = 0; lp < lpRefs.length; lp++) {
            if (lpRefs[lp] != null) {
                ActorRef<WireMessage> ref = resolver.resolveActorRef(lpRefs[lp]);
                getContext().unwatch(ref);
                ref.tell(new Messages.Stop(request.runId()));
            }
        }
    }
}
