import type { ReactNode } from 'react';

interface StatCardProps {
  label: string;
  value: string;
  icon?: ReactNode;
  tone?: 'green' | 'saffron' | 'blue' | 'rose';
}

export function StatCard({ label, value, icon, tone = 'green' }: StatCardProps) {
  return (
    <div className={`stat-card stat-card--${tone}`}>
      {icon ? <span className="stat-card__icon">{icon}</span> : null}
      <div>
        <p className="stat-card__value">{value}</p>
        <p className="stat-card__label">{label}</p>
      </div>
    </div>
  );
}
