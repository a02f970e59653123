package io.github.hessiantime.dubbo;

import org.apache.dubbo.rpc.model.ApplicationModel;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.apache.dubbo.rpc.model.ModuleModel;
import org.apache.dubbo.rpc.model.ScopeClassLoaderListener;
import org.apache.dubbo.rpc.model.ScopeModelInitializer;

/**
 * Registers the {@code hessian2-time} factories when a framework starts and drops a class loader's factory with it;
 * registers the framework's {@link SerializationStatus} (what the {@code hessian2Time} QoS command shows), and with
 * each application a metrics collector of it where Dubbo's metrics API is on the class path.
 * All three methods are implemented: they are abstract in Dubbo 3.2 (default methods only since 3.3).
 * Does nothing when {@code hessian2-time} is not offered ({@link Hessian2TimeSupport}), so a broken environment never
 * stops a framework from starting.
 */
public class Hessian2TimeScopeModelInitializer implements ScopeModelInitializer {

    // Dubbo's metrics API (in the dubbo jar, or dubbo-metrics-api beside the modular jars); without it, no collector
    private static final boolean METRICS_API =
            Hessian2TimeSupport.present("org.apache.dubbo.metrics.collector.MetricsCollector");

    @Override
    public void initializeFrameworkModel(FrameworkModel frameworkModel) {
        if (Hessian2TimeSupport.UNAVAILABLE != null) {
            return;
        }
        frameworkModel.getBeanFactory().getOrRegisterBean(Hessian2TimeFactoryManager.class);
        frameworkModel.getBeanFactory().registerBean(new SerializationStatus(frameworkModel));
        frameworkModel.addClassLoaderListener(new ScopeClassLoaderListener<FrameworkModel>() {
            @Override
            public void onAddClassLoader(FrameworkModel model, ClassLoader classLoader) {
                // factories are created on first use
            }

            @Override
            public void onRemoveClassLoader(FrameworkModel model, ClassLoader classLoader) {
                Hessian2TimeFactoryManager manager = model.getBeanFactory().getBean(Hessian2TimeFactoryManager.class);
                if (manager != null) {
                    manager.onRemoveClassLoader(classLoader);
                }
            }
        });
    }

    @Override
    public void initializeApplicationModel(ApplicationModel applicationModel) {
        // the factories belong to the framework, like hessian2's; the metrics belong to each application
        if (Hessian2TimeSupport.UNAVAILABLE == null && METRICS_API) {
            Hessian2TimeMetricsCollector.registerIn(applicationModel);
        }
    }

    @Override
    public void initializeModuleModel(ModuleModel moduleModel) {
        // nothing per module
    }
}
