/** Marketplaces: Italian texts and schemas shared by the gateway, the service and the screens (being built). */
export {};
