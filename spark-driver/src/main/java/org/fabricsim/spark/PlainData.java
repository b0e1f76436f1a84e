package org.fabricsim.spark;

import java.io.Serializable;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Ships records of plain data (the sweep's {@code TrialKernel}s) to Spark executors with Java serialisation,
 * whether or not every record inside declares {@link Serializable}: a record is sent as its class name and
 * its components, an enum as its class and constant name, lists and maps element by element, anything else
 * (strings, boxed numbers, primitive arrays) as itself. The executor rebuilds the records through their
 * canonical constructors, so it gets equal objects.
 *
 * <p>Why: {@code TrialKernel} is {@code Serializable}, but a record component of a kernel may not be (at the
 * time of writing {@code ConvergenceOptions} is not), and Java serialisation then fails. This keeps the
 * kernels plain data without Kryo (which Spark ships in a clashing version; docs/SPARK.md).
 */
final class PlainData {
    private PlainData() {
    }

    /** A record: its class and components (encoded). */
    record EncodedRecord(String type, List<Object> components) implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    /** An enum constant. */
    record EncodedEnum(String type, String name) implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    /**
     * The serialisable form of {@code value}.
     *
     * @throws IllegalArgumentException if something inside is neither a record, an enum, a list, a map nor
     *     {@link Serializable}
     */
    static Object encode(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof Record r) {
            List<Object> components = new ArrayList<>();
            for (RecordComponent c : r.getClass().getRecordComponents()) {
                try {
                    c.getAccessor().setAccessible(true);
                    components.add(encode(c.getAccessor().invoke(r)));
                } catch (IllegalAccessException | InvocationTargetException e) {
                    throw new IllegalArgumentException("cannot read " + r.getClass().getName() + "." + c.getName(), e);
                }
            }
            return new EncodedRecord(r.getClass().getName(), components);
        }
        if (value instanceof Enum<?> e) {
            return new EncodedEnum(e.getDeclaringClass().getName(), e.name());
        }
        if (value instanceof List<?> list) {
            ArrayList<Object> out = new ArrayList<>(list.size());
            list.forEach(v -> out.add(encode(v)));
            return out;
        }
        if (value instanceof Map<?, ?> map) {
            LinkedHashMap<Object, Object> out = new LinkedHashMap<>();
            map.forEach((k, v) -> out.put(encode(k), encode(v)));
            return out;
        }
        if (value instanceof Serializable) {
            return value;
        }
        throw new IllegalArgumentException(value.getClass().getName()
                + " is neither a record, an enum, a list, a map nor Serializable: it cannot be sent to executors");
    }

    /** The value {@code encoded} stands for (classes loaded by the context class loader, as Spark does). */
    static Object decode(Object encoded) {
        if (encoded instanceof EncodedRecord r) {
            Class<?> type = load(r.type());
            RecordComponent[] rc = type.getRecordComponents();
            Class<?>[] types = new Class<?>[rc.length];
            Object[] args = new Object[rc.length];
            for (int i = 0; i < rc.length; i++) {
                types[i] = rc[i].getType();
                args[i] = decode(r.components().get(i));
            }
            try {
                Constructor<?> c = type.getDeclaredConstructor(types);
                c.setAccessible(true);
                return c.newInstance(args);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot rebuild " + r.type(), e);
            }
        }
        if (encoded instanceof EncodedEnum e) {
            return enumConstant(load(e.type()), e.name());
        }
        if (encoded instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            list.forEach(v -> out.add(decode(v)));
            return java.util.Collections.unmodifiableList(out);
        }
        if (encoded instanceof Map<?, ?> map) {
            LinkedHashMap<Object, Object> out = new LinkedHashMap<>();
            map.forEach((k, v) -> out.put(decode(k), decode(v)));
            return java.util.Collections.unmodifiableMap(out);
        }
        return encoded;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object enumConstant(Class<?> type, String name) {
        return Enum.valueOf((Class) type, name);
    }

    private static Class<?> load(String name) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        try {
            return Class.forName(name, true, loader == null ? PlainData.class.getClassLoader() : loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("class " + name + " is not on the executor's classpath", e);
        }
    }
}
