package org.fabricsim.engine.distributed;

import com.esotericsoftware.kryo.kryo5.Kryo;
import com.esotericsoftware.kryo.kryo5.io.Input;
import com.esotericsoftware.kryo.kryo5.io.Output;
import com.esotericsoftware.kryo.kryo5.util.Pool;
import java.util.List;
import org.apache.pekko.actor.ExtendedActorSystem;
import org.apache.pekko.serialization.JSerializer;

/**
 * Pekko's serializer for {@link WireMessage}s, backed by Kryo 5 (its {@code kryo5} artefact, so that
 * Spark's Kryo 4 cannot clash with it; java-stack-notes). Registration is required: only the classes
 * {@link WireTypes} lists, with fixed ids, can cross the wire, so two members built from different
 * versions fail loudly instead of misreading each other. Kryo instances are not thread-safe; Pekko calls
 * serializers from several threads, hence the pool.
 */
public final class KryoSerializer extends JSerializer {
    /** Pekko's serializer id for this serializer (ids below 40 are Pekko's own). */
    public static final int IDENTIFIER = 770_001;

    private final List<String> modelClasses;
    private final Pool<Kryo> kryos = new Pool<>(true, false, 16) {
        @Override
        protected Kryo create() {
            return WireTypes.newKryo(modelClasses);
        }
    };
    private final Pool<Output> outputs = new Pool<>(true, false, 16) {
        @Override
        protected Output create() {
            return new Output(4096, -1);
        }
    };

    /** Pekko instantiates serializers with their actor system; its configuration names the model classes. */
    public KryoSerializer(ExtendedActorSystem system) {
        this(system.settings().config().getStringList(ClusterConfig.WIRE_CLASSES));
    }

    KryoSerializer(List<String> modelClasses) {
        this.modelClasses = List.copyOf(modelClasses);
        WireTypes.all(this.modelClasses); // fail now, not on the first message, when a class is missing
    }

    @Override
    public int identifier() {
        return IDENTIFIER;
    }

    @Override
    public boolean includeManifest() {
        return false; // Kryo writes the registered class id itself
    }

    @Override
    public byte[] toBinary(Object o) {
        Kryo kryo = kryos.obtain();
        Output out = outputs.obtain();
        try {
            out.reset();
            kryo.writeClassAndObject(out, o);
            return out.toBytes();
        } finally {
            outputs.free(out);
            kryos.free(kryo);
        }
    }

    /**
     * The object encoded in {@code pieces} one after another (an LP's result, D99), read through them without
     * joining them into one array first: the driver holds each part's encoding once, not twice (issue 16).
     */
    Object fromPieces(List<byte[]> pieces) {
        java.util.Enumeration<java.io.InputStream> streams = java.util.Collections.enumeration(pieces.stream()
                .map(b -> (java.io.InputStream) new java.io.ByteArrayInputStream(b)).toList());
        Kryo kryo = kryos.obtain();
        try (Input in = new Input(new java.io.SequenceInputStream(streams), 64 << 10)) {
            return kryo.readClassAndObject(in);
        } finally {
            kryos.free(kryo);
        }
    }

    @Override
    public Object fromBinaryJava(byte[] bytes, Class<?> manifest) {
        Kryo kryo = kryos.obtain();
        try {
            return kryo.readClassAndObject(new Input(bytes));
        } finally {
            kryos.free(kryo);
        }
    }
}
