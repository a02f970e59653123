package io.github.hessiantime.dubbo;

import org.apache.dubbo.common.beans.factory.ScopeBeanFactory;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.apache.dubbo.rpc.model.ScopeClassLoaderListener;
import org.apache.dubbo.rpc.model.ScopeModelInitializer;

/** Registers the {@code hessian2-time} factories per framework and drops a class loader's factory with it. */
public class Hessian2TimeScopeModelInitializer implements ScopeModelInitializer {

    @Override
    public void initializeFrameworkModel(FrameworkModel frameworkModel) {
        ScopeBeanFactory beanFactory = frameworkModel.getBeanFactory();
        beanFactory.getOrRegisterBean(Hessian2TimeFactoryManager.class);
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
}
