package org.fabricsim.engine.distributed;

import com.esotericsoftware.kryo.kryo5.Kryo;
import java.util.ArrayList;
import java.util.List;

/**
 * The classes that may cross the wire, with their Kryo ids: the built-in protocol messages, then the model
 * classes a run names in the actor system's configuration ({@code fabricsim.wire.classes}, set by
 * {@link ClusterConfig}). The order is the protocol; {@link #fingerprint} summarises it so that members
 * built differently are refused at start-up instead of misreading each other's bytes.
 */
final class WireTypes {
    private WireTypes() {
    }

    static List<Class<?>> all(List<String> modelClasses) {
        List<Class<?>> all = new ArrayList<>(List.of(long[].class, int[].class, String[].class, double[].class,
                WireMessage[].class, byte[].class, EventBatch.class, Messages.CreateLp.class,
                Messages.LpCreated.class, Messages.Start.class, Messages.LpDone.class, Messages.Abort.class,
                Messages.Stop.class, Messages.Reached.class, Messages.Continue.class, Messages.Poll.class,
                Messages.ResultChunk.class, Messages.Idle.class, Messages.BoundRequest.class,
                Messages.BoundReport.class, Messages.BoundFloor.class, Messages.ChannelLost.class));
        for (String name : modelClasses) {
            try {
                all.add(Class.forName(name));
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("fabricsim.wire.classes: no class " + name + " on this member", e);
            }
        }
        return all;
    }

    static Kryo newKryo(List<String> modelClasses) {
        Kryo kryo = new Kryo();
        kryo.setRegistrationRequired(true);
        kryo.setReferences(false);
        int id = 100; // below 100: Kryo's built-in registrations
        for (Class<?> c : all(modelClasses)) {
            kryo.register(c, id++);
        }
        return kryo;
    }

    /** A summary of the registered classes in order; equal on members that can talk to each other. */
    static String fingerprint(List<String> modelClasses) {
        StringBuilder sb = new StringBuilder();
        for (Class<?> c : all(modelClasses)) {
            sb.append(c.getName()).append(';');
        }
        return Integer.toHexString(sb.toString().hashCode());
    }
}
