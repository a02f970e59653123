package io.github.hessiantime.dubbo;

import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import io.github.hessiantime.JavaTimeSerializerFactory;
import org.apache.dubbo.common.serialize.hessian2.Hessian2FactoryManager;
import org.apache.dubbo.rpc.model.FrameworkModel;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@code SerializerFactory}s of {@code hessian2-time}: one per class loader, each built by Dubbo's own
 * {@link Hessian2FactoryManager} code (so class checks, allow/deny lists and {@code allowNonSerializable} are exactly
 * those of {@code hessian2}) and then given the compact java.time serializers.
 *
 * <p>It is a bean of its own type on purpose: registering a second {@code Hessian2FactoryManager} in the framework's
 * bean factory would make Dubbo's {@code getBean(Hessian2FactoryManager.class)} ambiguous and break {@code hessian2}.
 */
public final class Hessian2TimeFactoryManager {

    private final CompactTimeFactories factories;

    public Hessian2TimeFactoryManager(FrameworkModel frameworkModel) {
        this.factories = new CompactTimeFactories(frameworkModel);
    }

    /** The manager handed to Dubbo's {@code Hessian2ObjectInput}/{@code Hessian2ObjectOutput}. */
    Hessian2FactoryManager hessian2Manager() {
        return factories;
    }

    /** The java.time serializers {@code hessian2-time} writes with. */
    JavaTimeSerializerFactory timeFactory() {
        return factories.compactTime;
    }

    /** The factory {@code hessian2-time} uses for classes of {@code classLoader} ({@code null}: the system one). */
    public SerializerFactory getSerializerFactory(ClassLoader classLoader) {
        return factories.getSerializerFactory(classLoader);
    }

    void onRemoveClassLoader(ClassLoader classLoader) {
        factories.onRemoveClassLoader(classLoader);
    }

    /** Dubbo's manager, with each factory it creates equipped once with the compact java.time serializers. */
    private static final class CompactTimeFactories extends Hessian2FactoryManager {
        // Only hessian-time ever reads hessian2-time streams, so values need no reference slot (the cheaper framing).
        private final JavaTimeSerializerFactory compactTime = JavaTimeSerializerFactory.compactUnreferenced();
        // SerializerFactory keeps Object's identity equals/hashCode, so this is an identity set of equipped factories.
        private final Map<SerializerFactory, Boolean> equipped = new ConcurrentHashMap<>();

        CompactTimeFactories(FrameworkModel frameworkModel) {
            super(frameworkModel);
        }

        @Override
        public SerializerFactory getSerializerFactory(ClassLoader classLoader) {
            SerializerFactory factory = super.getSerializerFactory(classLoader);
            if (equipped.get(factory) == null) {
                // computeIfAbsent makes concurrent first users wait until the time serializers are in place.
                equipped.computeIfAbsent(factory, f -> {
                    f.addFactory(compactTime);
                    return Boolean.TRUE;
                });
            }
            return factory;
        }

        @Override
        public void onRemoveClassLoader(ClassLoader classLoader) {
            super.onRemoveClassLoader(classLoader);
            equipped.keySet().removeIf(factory -> factory.getClassLoader() == classLoader);
        }
    }
}
