package io.github.hessiantime.dubbo;

import com.alibaba.com.caucho.hessian.io.Deserializer;
import com.alibaba.com.caucho.hessian.io.HessianProtocolException;
import com.alibaba.com.caucho.hessian.io.Serializer;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import io.github.hessiantime.JavaTimeSerializerFactory;
import io.github.hessiantime.hessian.deser.ClassDefinitionCache;
import io.github.hessiantime.hessian.inline.TimeMigration;
import io.github.hessiantime.hessian.ser.Hessian2OutputPool;
import io.github.hessiantime.hessian.ser.TimeFirst;
import org.apache.dubbo.common.serialize.hessian2.Hessian2FactoryManager;
import org.apache.dubbo.common.serialize.hessian2.Hessian2SerializerFactory;
import org.apache.dubbo.common.utils.DefaultSerializeClassChecker;
import org.apache.dubbo.common.utils.SerializeSecurityManager;
import org.apache.dubbo.rpc.model.FrameworkModel;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@code SerializerFactory}s of {@code hessian2-time}, one per class loader. Each is a Dubbo
 * {@link Hessian2SerializerFactory} (Dubbo's class checker: serialize security in STRICT/WARN/DISABLE, the allow and
 * deny lists and files, {@code Serializable} checks), configured from the same properties Dubbo configures hessian2's
 * factories from ({@link Hessian2Settings}), so every class gets hessian2's verdict, with three differences:
 * <ul>
 *   <li>java.time values are read by hessian-time's readers (and written by its compact serializers, which
 *       {@link Hessian2TimeObjectOutput} asks first: hessian-lite 3.2.13, used by Dubbo 3.2, would pick its own);</li>
 *   <li>exactly the 14 wire class names of the compact format ({@link JavaTimeSerializerFactory#wireClassNames()})
 *       are resolved by name, without Dubbo's class check. Dubbo's allowlist matches entries as prefixes, so adding
 *       {@code ht.Time} to it would also admit a class {@code ht.TimeGadget}, and for every serialization; admitting
 *       the exact names here, for hessian2-time only, leaves Dubbo's allowlist untouched. Any other name, such as
 *       {@code ht.TimeGadget}, goes through Dubbo's check as with hessian2;</li>
 *   <li>beans with java.time fields are written with those fields inline (docs/wire-format.md 1.2); their classes
 *       are resolved and checked by this factory as over hessian2.</li>
 * </ul>
 * Only API that Dubbo 3.2 and 3.3 both have is used.
 *
 * <p>It is a bean of its own type on purpose: registering a second {@code Hessian2FactoryManager} in the framework's
 * bean factory would make Dubbo's {@code getBean(Hessian2FactoryManager.class)} ambiguous and break {@code hessian2}.
 * The {@code Hessian2FactoryManager} that Dubbo's hessian2 streams take is a private one inside.
 */
public final class Hessian2TimeFactoryManager {

    private final TimeFactories factories;

    public Hessian2TimeFactoryManager(FrameworkModel frameworkModel) {
        this.factories = new TimeFactories(frameworkModel);
    }

    /** The manager handed to Dubbo's {@code Hessian2ObjectInput}/{@code Hessian2ObjectOutput}. */
    Hessian2FactoryManager hessian2Manager() {
        return factories;
    }

    /** The java.time serializers {@code hessian2-time} writes with (see {@link Hessian2TimeObjectOutput}). */
    JavaTimeSerializerFactory timeFactory() {
        return factories.compactTime;
    }

    /** The factory {@code hessian2-time} uses for classes of {@code classLoader} ({@code null}: the system one). */
    public SerializerFactory getSerializerFactory(ClassLoader classLoader) {
        return factories.getSerializerFactory(classLoader);
    }

    /**
     * The reused output streams of the factory for {@code classLoader}, or {@code null} when the Dubbo property
     * {@value StreamReuseSetting#KEY} is {@code false}: then every message gets a new stream.
     */
    Hessian2OutputPool outputPool(ClassLoader classLoader) {
        return ((TimeFactory) factories.getSerializerFactory(classLoader)).outputs;
    }

    void onRemoveClassLoader(ClassLoader classLoader) {
        factories.onRemoveClassLoader(classLoader);
    }

    private static final class TimeFactories extends Hessian2FactoryManager {

        // Only hessian-time ever reads hessian2-time streams, so values need no reference slot (the cheaper framing).
        private final JavaTimeSerializerFactory compactTime = JavaTimeSerializerFactory.compactInline();
        private final FrameworkModel frameworkModel;
        private final DefaultSerializeClassChecker classChecker;
        // ConcurrentHashMap takes no null key: the system class loader's factory is kept under this one
        private final ClassLoader systemKey = new ClassLoader(null) { };
        private final Map<ClassLoader, SerializerFactory> factories = new ConcurrentHashMap<>();
        private volatile TimeMigration migration;
        // written before migration, so read after it is known
        private volatile boolean reuseStreams;

        TimeFactories(FrameworkModel frameworkModel) {
            super(frameworkModel);
            this.frameworkModel = frameworkModel;
            this.classChecker = frameworkModel.getBeanFactory().getOrRegisterBean(DefaultSerializeClassChecker.class);
        }

        @Override
        public SerializerFactory getSerializerFactory(ClassLoader classLoader) {
            return factories.computeIfAbsent(classLoader != null ? classLoader : systemKey,
                    key -> newFactory(classLoader));
        }

        private SerializerFactory newFactory(ClassLoader classLoader) {
            TimeMigration migration = migration();
            TimeFactory factory = new TimeFactory(classLoader, classChecker, compactTime, migration, reuseStreams);
            // every setting Dubbo gives hessian2's factory, from the same properties (allow/deny, allowNonSerializable)
            Hessian2Settings.apply(factory, frameworkModel.getBeanFactory().getOrRegisterBean(
                    SerializeSecurityManager.class));
            return factory;
        }

        @Override
        public void onRemoveClassLoader(ClassLoader classLoader) {
            factories.remove(classLoader);
        }

        // read once, when the first factory is made (the first hessian2-time message), like hessian2's settings; the
        // stream reuse setting with it
        private TimeMigration migration() {
            TimeMigration known = migration;
            if (known == null) {
                reuseStreams = StreamReuseSetting.read(frameworkModel);
                known = MigrationZoneSetting.read(frameworkModel);
                migration = known;
            }
            return known;
        }
    }

    /**
     * Dubbo's hessian2 factory that asks hessian-time first ({@link TimeFirst}): inline bean fields and the readers of
     * java.time values are hessian-time's, resolved before hessian-lite's lookups (the 14 wire names exactly, so
     * Dubbo's prefix-matching allowlist is not widened); every class of the application is resolved and checked by
     * Dubbo's factory as over hessian2, also the class of an inline bean. Writing java.time values first is the
     * stream's part ({@link Hessian2TimeObjectOutput}): asking here too would add a lookup to every object written.
     */
    private static final class TimeFactory extends Hessian2SerializerFactory implements ClassDefinitionCache.Owner {
        private final TimeFirst timeFirst;
        // this factory's own streams and the class definitions they read, dropped with it (so with its class
        // loader): null when reuse is off
        final Hessian2OutputPool outputs;
        private final ClassDefinitionCache definitions;

        TimeFactory(ClassLoader classLoader, DefaultSerializeClassChecker checker, JavaTimeSerializerFactory time,
                    TimeMigration migration, boolean reuseStreams) {
            super(classLoader, checker);
            this.timeFirst = new TimeFirst(time, true, migration);
            this.outputs = reuseStreams ? new Hessian2OutputPool(timeFirst, this) : null;
            this.definitions = reuseStreams ? new ClassDefinitionCache() : null;
            addFactory(time);
        }

        @Override
        public ClassDefinitionCache classDefinitions() {
            return definitions;
        }

        // after Dubbo's own choice and checks: only hessian-time reads hessian2-time streams, so beans with java.time
        // fields are written inline
        @Override
        protected Serializer getDefaultSerializer(Class cl) {
            return timeFirst.beanSerializer(cl, super.getDefaultSerializer(cl));
        }

        // Records: hessian-lite 4.0.x picks its record serializer in loadSerializer, without asking
        // getDefaultSerializer; this runs once per class, before hessian-lite caches the result. hessian-lite 3.2.x
        // (Dubbo 3.2) has no loadSerializer and never calls this: there records reach getDefaultSerializer above.
        @Override
        protected Serializer loadSerializer(Class<?> cl) throws HessianProtocolException {
            return timeFirst.recordSerializer(cl, super.loadSerializer(cl));
        }

        // after Dubbo's class checks and its Serializable check (both in super): the type-safe bean reader
        @Override
        protected Deserializer getDefaultDeserializer(Class cl) {
            return timeFirst.beanDeserializer(cl, super.getDefaultDeserializer(cl));
        }

        @Override
        public Deserializer getDeserializer(String type) throws HessianProtocolException {
            Deserializer deserializer = timeFirst.deserializer(type, this);
            return deserializer != null ? deserializer : super.getDeserializer(type);
        }

        @Override
        public Deserializer getObjectDeserializer(String type, Class cl) throws HessianProtocolException {
            return timeFirst.objectDeserializer(type, super.getObjectDeserializer(type, cl));
        }

        @Override
        public Deserializer getListDeserializer(String type, Class cl) throws HessianProtocolException {
            return timeFirst.listDeserializer(super.getListDeserializer(type, cl));
        }
    }
}
